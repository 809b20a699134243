import { api, ensureLiveAccess, queryExists } from '../api';
import { liveProtocols } from '../auth';
import { engineOf } from '../engines';
import { FrameDraw } from '../frameDraw';
import { LiveQueryModel, type Changes, type HistoryRequest } from '../liveModel';
import { LiveConnection, type ConnectionState } from '../reconnect';
import { resultKindOf } from '../results';
import { materializes } from '../resultView';
import type { CheckpointView } from '../types';
import { batchesCard } from './batchesCard';
import { comparisonCard } from './comparisonCard';
import { definitionCard } from './definitionCard';
import { replaceChildren } from './dom';
import { kafkaLagCard } from './kafkaLagCard';
import { renderNotFoundPage } from './notFoundPage';
import { progressCharts } from './progressCharts';
import { queryHead } from './queryHead';
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
 * One query, live over its WebSocket: its head and key figures, then a card each for the engines'
 * comparison, Kafka lag, results by window (or recent rows), the result table, state, progress,
 * definition and recent batches. The page holds the live model and what it last read of the
 * checkpoint, and tells each card what changed. Returns what tears the view down.
 */
export function renderQueryPage(root: HTMLElement, id: string): () => void {
  const model = new LiveQueryModel(id);
  /** The checkpoint as the service last read it from disk: what a query without progress in memory goes on from. */
  let checkpoint: CheckpointView | null = null;
  /** The state the query was in when its checkpoint was last read; null: read it at the next chance. */
  let checkpointReadIn: string | null = null;
  /** The query state in which the State section last listed the operators; null: not yet. */
  let stateReadIn: string | null = null;
  let disposed = false;

  const head = queryHead({
    stop: async () => {
      await api.stop(id);
      await refreshFromRest();
    },
    start: async () => {
      await api.start(id);
      await refreshFromRest();
      live.retryNow();
    },
    remove: async () => {
      await api.remove(id);
      live.close('query deleted');
      location.hash = '#/';
    },
    settled: drawHead,
  });
  const kpis = queryKpis();
  const comparison = comparisonCard();
  const lag = kafkaLagCard();
  const windows = windowsCard(model, () => checkpoint);
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
      checkpointReadIn = null;
      void loadCheckpoint();
    },
  });
  const batches = batchesCard();
  replaceChildren(root, ...head.elements, kpis.element, comparison.element, lag.element, windows.element, rows.element,
    resultSection.element, stateSection.element, progress.element, definition.element, batches.element);
  windows.mount();
  progress.mount();

  /** Applies the query's status as the REST API answers it, after an action. */
  async function refreshFromRest(): Promise<void> {
    const view = await api.get(id);
    if (model.query) {
      model.apply({
        type: 'status', queryId: id, state: view.state, status: view.status, runId: view.runId,
        exception: view.exception ?? null, restart: view.restart ?? null,
      });
    }
  }

  function drawHead(): void {
    const query = model.query;
    if (!query) return;
    head.draw(query, model);
    kpis.draw(query, model, checkpoint);
  }

  /** Results by window on the chart, results without a window in the recent rows. */
  function drawResults(): void {
    rows.show(resultKindOf(model.query?.spec) === 'rows');
    windows.draw();
  }

  /** Reads the checkpoint of a query that keeps one, when its state differs from the one it was last read in. */
  async function loadCheckpoint(): Promise<void> {
    const q = model.query;
    if (!q?.spec.checkpointLocation || checkpointReadIn === model.state) return;
    checkpointReadIn = model.state;
    try {
      const read = await api.checkpoint(id);
      if (disposed) return;
      // A checkpoint started afresh has committed nothing: the page stops showing the old last batch.
      checkpoint = read;
      drawHead();
      drawResults();
      if (model.query) definition.show(model.query, checkpoint);
    } catch {
      // The card says it has no batch; the next change of state reads it again.
    }
  }

  /** The query itself changed (its state, status or definition): the cards that show it, and what it reads again. */
  function drawQuery(): void {
    if (model.query) definition.show(model.query, checkpoint);
    if (model.state !== 'ACTIVE' || !checkpoint) void loadCheckpoint();
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

  function showConnection(state: ConnectionState): void {
    head.showConnection(state);
    if (state.kind !== 'closed' || state.reason !== 'query not found') return;
    if (model.query === null) {
      renderNotFoundPage(root, 'Query not found', `No query with id ${id}: it was never created on this service, `
        + 'or it was deleted.');
    } else {
      head.showNotice(`No query with id ${id}: it was deleted.`);
      head.disableActions();
    }
  }

  // Live messages are drawn in the next animation frame, those of one frame together.
  const frameDraw = new FrameDraw(draw);
  /** Fetches what the snapshot left out: the service sends only the latest few batches and progress reports. */
  async function loadHistory(request: HistoryRequest): Promise<void> {
    try {
      const [batchesRead, progressRead] = await Promise.all([
        request.batches ? api.batches(id, request.batches) : Promise.resolve([]),
        request.progress ? api.progress(id, request.progress) : Promise.resolve([])]);
      if (!disposed) frameDraw.add(model.applyHistory(request, batchesRead, progressRead));
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
    onState: showConnection,
    onInvalid: (count, reason) => head.showDropped(count, reason),
    shouldRetry: async () => {
      if (!(await queryExists(id))) return false;
      await ensureLiveAccess();
      return true;
    },
  });
  live.start();
  const online = () => live.retryNow();
  window.addEventListener('online', online);

  return () => {
    disposed = true;
    frameDraw.cancel();
    window.removeEventListener('online', online);
    head.dispose();
    live.close();
    resultSection.dispose();
    windows.dispose();
    progress.dispose();
  };
}
