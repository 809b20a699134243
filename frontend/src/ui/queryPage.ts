import { api, ensureLiveAccess, queryExists } from '../api';
import { liveProtocols } from '../auth';
import { CheckpointReader } from '../checkpointReader';
import { engineOf } from '../engines';
import { FrameDraw } from '../frameDraw';
import { LiveQueryModel, type Changes, type HistoryRequest } from '../liveModel';
import { LiveConnection, type LiveConnectionOptions } from '../reconnect';
import { resultKindOf } from '../results';
import { materializes } from '../resultView';
import { batchesCard } from './batchesCard';
import { comparisonCard } from './comparisonCard';
import { definitionCard } from './definitionCard';
import { replaceChildren } from './dom';
import { kafkaLagCard } from './kafkaLagCard';
import { renderNotFoundPage } from './notFoundPage';
import { progressCharts } from './progressCharts';
import { queryHead, type QueryActions } from './queryHead';
import { queryKpis } from './queryKpis';
import { recentRowsCard } from './recentRowsCard';
import { resultPanel } from './resultPanel';
import { statePanel } from './statePanel';
import { windowsCard } from './windowsCard';

function wsUrl(id: string): string {
  const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
  return `${scheme}://${location.host}/ws/queries/${encodeURIComponent(id)}`;
}

/**
 * Opens the query's live feed: each message applied to `model` and its changes drawn in the next
 * frame, and the older batches and progress reports a snapshot left out read from the REST API,
 * while `open` says the page is still shown.
 */
function openLiveFeed(model: LiveQueryModel, frameDraw: FrameDraw, open: () => boolean,
  show: Pick<LiveConnectionOptions, 'onState' | 'onInvalid'>): LiveConnection {
  const id = model.queryId;
  async function loadHistory(request: HistoryRequest): Promise<void> {
    try {
      const [batches, progress] = await Promise.all([
        request.batches ? api.batches(id, request.batches) : Promise.resolve([]),
        request.progress ? api.progress(id, request.progress) : Promise.resolve([])]);
      if (open()) frameDraw.add(model.applyHistory(request, batches, progress));
    } catch {
      // The view goes on with what the snapshot held.
    }
  }
  const live = new LiveConnection({
    url: wsUrl(id),
    protocols: () => liveProtocols(),
    onMessage: (message) => {
      frameDraw.add(model.apply(message));
      const history = model.takeHistoryRequest();
      if (history) void loadHistory(history);
    },
    onState: show.onState,
    onInvalid: show.onInvalid,
    shouldRetry: async () => {
      if (!(await queryExists(id))) return false;
      await ensureLiveAccess();
      return true;
    },
  });
  live.start();
  return live;
}

/** Applies the query's status as the REST API answers it, to a model that has shown the query. */
async function applyRestStatus(model: LiveQueryModel): Promise<void> {
  const view = await api.get(model.queryId);
  if (model.query) {
    model.apply({
      type: 'status', queryId: model.queryId, state: view.state, status: view.status, runId: view.runId,
      exception: view.exception ?? null, restart: view.restart ?? null,
    });
  }
}

/**
 * What the head's buttons do: each asks the service, stop and start then show the status it
 * answers (start also reconnects the feed at once), and delete ends the feed and leaves the page.
 */
function queryActions(model: LiveQueryModel, live: () => LiveConnection, settled: () => void): QueryActions {
  const id = model.queryId;
  return {
    stop: async () => {
      await api.stop(id);
      await applyRestStatus(model);
    },
    start: async () => {
      await api.start(id);
      await applyRestStatus(model);
      live().retryNow();
    },
    remove: async () => {
      await api.remove(id);
      live().close('query deleted');
      location.hash = '#/';
    },
    settled,
  };
}

/**
 * One query, live over its WebSocket: its head and key figures, then a card each for the engines'
 * comparison, Kafka lag, results by window (or recent rows), the result table, state, progress,
 * definition and recent batches. The page holds the live model and the checkpoint as last read,
 * and tells each card when what it shows changed. Returns what tears the view down.
 */
export function renderQueryPage(root: HTMLElement, id: string): () => void {
  const model = new LiveQueryModel(id);
  const checkpoint = new CheckpointReader(id, () => {
    drawHead();
    drawResults();
    if (model.query) definition.show(model.query, checkpoint.last);
  });
  /** The query state in which the State section last listed the operators; null: not yet. */
  let stateReadIn: string | null = null;
  let disposed = false;
  // Live messages are drawn in the next animation frame, those of one frame together.
  const frameDraw = new FrameDraw(draw);

  const head = queryHead(queryActions(model, () => live, drawHead));
  const kpis = queryKpis();
  const comparison = comparisonCard();
  const lag = kafkaLagCard();
  const windows = windowsCard(model, () => checkpoint.last);
  const rows = recentRowsCard();
  const resultSection = resultPanel(id);
  const stateSection = statePanel(id);
  const progress = progressCharts();
  const definition = definitionCard({
    save: async (specText, resetCheckpoint) => {
      head.hideNotice();
      const view = await api.replace(id, specText, resetCheckpoint);
      frameDraw.add(model.redefine(view));
      // Read again: a reset has emptied it, and the new definition's page shows it either way.
      checkpoint.forget();
      void checkpoint.read(model.query, model.state);
    },
  });
  const batches = batchesCard();
  replaceChildren(root, ...head.elements, kpis.element, comparison.element, lag.element, windows.element, rows.element,
    resultSection.element, stateSection.element, progress.element, definition.element, batches.element);
  windows.mount();
  progress.mount();

  function drawHead(): void {
    const query = model.query;
    if (!query) return;
    head.draw(query, model);
    kpis.draw(query, model, checkpoint.last);
  }

  /** Results by window on the chart, results without a window in the recent rows. */
  function drawResults(): void {
    rows.show(resultKindOf(model.query?.spec) === 'rows');
    windows.draw();
  }

  /** The query itself changed (its state, status or definition): the cards that show it, and what it reads again. */
  function drawQuery(): void {
    if (model.query) definition.show(model.query, checkpoint.last);
    if (model.state !== 'ACTIVE' || !checkpoint.last) void checkpoint.read(model.query, model.state);
    // Each engine's state is read from its checkpoint; a query on both has Spark's beside Arus's.
    if (model.query?.spec.checkpointLocation && stateReadIn !== model.state) {
      stateReadIn = model.state;
      stateSection.sideBySide(engineOf(model.query.spec) === 'both');
      void stateSection.load();
    }
    resultSection.show(materializes(model.outputMode));
    drawHead();
  }

  function draw(changes: Changes): void {
    if (changes.query) drawQuery();
    if (changes.query || changes.comparison) comparison.draw(model.query);
    if (changes.results) drawResults();
    if (changes.progress) {
      progress.draw(model.progress);
      lag.draw(model.progress[model.progress.length - 1]);
      stateSection.progress(model.progress, model.markers.watermark);
    }
    if (changes.batches) {
      batches.draw(model.batches);
      resultSection.batchWritten();
    }
    if (changes.batches || changes.progress || changes.query) rows.draw(model);
  }

  const live = openLiveFeed(model, frameDraw, () => !disposed, {
    onState: (state) => {
      head.showConnection(state);
      if (state.kind !== 'closed' || state.reason !== 'query not found') return;
      if (model.query === null) {
        renderNotFoundPage(root, 'Query not found', `No query with id ${id}: it was never created on this service, `
          + 'or it was deleted.');
      } else {
        head.showNotice(`No query with id ${id}: it was deleted.`);
        head.disableActions();
      }
    },
    onInvalid: (count, reason) => head.showDropped(count, reason),
  });
  const online = () => live.retryNow();
  window.addEventListener('online', online);

  return () => {
    disposed = true;
    checkpoint.close();
    frameDraw.cancel();
    window.removeEventListener('online', online);
    head.dispose();
    live.close();
    resultSection.dispose();
    windows.dispose();
    progress.dispose();
  };
}
