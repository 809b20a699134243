import { api, ensureLiveAccess, ProblemError, queryExists } from '../api';
import { liveProtocols } from '../auth';
import { consoleCell, ms, rate, timeOfDay } from '../format';
import { comparisonHeadline, comparisonProgress, engineOf, verdictOf } from '../engines';
import { FrameDraw } from '../frameDraw';
import { kafkaLag } from '../kafkaLag';
import { LiveQueryModel, type Changes, type HistoryRequest } from '../liveModel';
import { LiveConnection, type ConnectionState } from '../reconnect';
import { restartSummary, stoppable } from '../restarts';
import { resultKindOf } from '../results';
import { materializes } from '../resultView';
import { sinkTarget } from '../sinkTarget';
import { recentRows } from '../rows';
import { operatorStateRows, stateOperatorLines, stateRows } from '../timeline';
import type { CheckpointView, EngineComparison, ProgressView, RecentBatch } from '../types';
import { Chart, markerLabelsFor, PALETTE, progressOption, resultsOption, sessionsOption, type ProgressChartSpec } from './charts';
import { definitionCard, lastCommittedText } from './definitionCard';
import { engineBadge, h, replaceChildren, stateBadge } from './dom';
import { renderNotFoundPage } from './notFoundPage';
import { resultPanel } from './resultPanel';
import { statePanel } from './statePanel';

const PROGRESS_CHARTS: ProgressChartSpec[] = [
  { title: 'Rows per second', unit: 'rows/s', log: true, lines: [
    { name: 'input', color: PALETTE[0] ?? '', value: (p) => p.inputRowsPerSecond ?? null },
    { name: 'processed', color: PALETTE[1] ?? '', value: (p) => p.processedRowsPerSecond ?? null }] },
  { title: 'Batch duration', unit: 'ms', lines: [{ name: 'duration', color: PALETTE[2] ?? '', value: (p) => p.batchDuration }] },
  { title: 'State rows', unit: 'rows', lines: [] },
  { title: 'Rows dropped as late', unit: 'rows', lines: [{ name: 'dropped', color: PALETTE[4] ?? '', value: (p) => stateRows(p).droppedLate }] },
];

/** The state chart: a line per stateful operator of the latest report, or the total when there is none. */
function stateChart(progress: ProgressView[]): ProgressChartSpec {
  const operators = stateOperatorLines(progress);
  const lines = operators.length === 0
    ? [{ name: 'state rows', color: PALETTE[3] ?? '', value: (p: ProgressView) => stateRows(p).total }]
    : operators.map((op, i) => ({ name: op.name, color: PALETTE[(3 + i) % PALETTE.length] ?? '',
      value: (p: ProgressView) => operatorStateRows(p, op.index) }));
  return { title: 'State rows', unit: 'rows', lines };
}

/** How often a query on both engines asks the service how their outputs compare. */

/** The latest output rows shown in the rows table of a query without a window. */
const TABLE_ROWS = 50;

function wsUrl(id: string): string {
  const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
  return `${scheme}://${location.host}/ws/queries/${encodeURIComponent(id)}`;
}

/** One query, live over its WebSocket. Returns what tears the view down. */
export function renderQueryPage(root: HTMLElement, id: string): () => void {
  const model = new LiveQueryModel(id);
  const title = h('h1', { class: 'query-name' }, 'Query');
  const badge = h('span');
  const statusLine = h('p', { class: 'status-line' }, 'Connecting…');
  const restartLine = h('p', { class: 'restart-line', 'data-restart': '', hidden: true });
  const connection = h('span', { class: 'conn conn-connecting', 'data-connection': 'connecting' }, 'connecting');
  /** How many live messages were dropped for not being what the OpenAPI document says. */
  const dropped = h('span', { class: 'conn conn-dropped', hidden: true });
  const notice = h('div', { class: 'notice', role: 'alert', hidden: true });
  // Disabled until the service has said the query exists, and in which state.
  const stopButton = h('button', { class: 'btn', 'data-action': 'stop', disabled: true }, 'Stop');
  const startButton = h('button', { class: 'btn', 'data-action': 'start', disabled: true }, 'Start');
  const deleteButton = h('button', { class: 'btn btn-danger', 'data-action': 'delete', disabled: true }, 'Delete');
  const kpis = h('dl', { class: 'kpis' });
  const measureSelect = h('select', { class: 'measure', 'aria-label': 'Aggregate shown as bar height' });
  /** The checkpoint as the service last read it from disk: what a query without progress in memory goes on from. */
  let checkpoint: CheckpointView | null = null;
  /** The state the query was in when its checkpoint was last read; null: read it at the next chance. */
  let checkpointReadIn: string | null = null;
  const definition = definitionCard({
    save: async (specText, resetCheckpoint) => {
      notice.hidden = true;
      const view = await api.replace(id, specText, resetCheckpoint);
      frameDraw.add(model.redefine(view));
      // Read again: a reset has emptied it, and the new definition's page shows it either way.
      checkpointReadIn = null;
      void loadCheckpoint();
    },
  });
  const stateSection = statePanel(id);
  const resultSection = resultPanel(id);
  /** The query state in which the State section last listed the operators; null: not yet. */
  let stateReadIn: string | null = null;
  const resultsHint = h('span', { class: 'hint' });
  const resultsTitle = h('h2', {}, 'Results per window');
  const measureWord = h('span', {}, 'height ');
  const measureLabel = h('label', { class: 'measure-label' }, measureWord, measureSelect);
  const resultsEl = h('div', { class: 'chart chart-results', 'data-chart': 'results' });
  const keyFinal = h('span', { class: 'key key-final' }, 'final window');
  const keyRunning = h('span', { class: 'key key-running' }, 'running value');
  const keyOpen = h('span', { class: 'key key-open' }, 'open windows');
  const rowsWatermark = h('span', { class: 'rows-watermark', 'data-watermark': '' }, 'watermark –');
  const rowsHint = h('span', { class: 'hint' });
  const rowsEl = h('div', { class: 'rows', 'data-table': 'rows' });
  const emptyResults = h('div', { class: 'chart-empty' }, 'No window yet: a window appears once the watermark passes its end.');
  const batchesEl = h('div', { class: 'batches', 'data-table': 'batches' });
  const progressEls = PROGRESS_CHARTS.map((spec) => h('div', { class: 'chart chart-small', 'data-chart': spec.title }));
  const lagEl = h('div', { class: 'kafka-lag', 'data-table': 'kafka-lag' });
  const lagCard = h('section', { class: 'card', 'data-card': 'kafka-lag', hidden: true },
    h('div', { class: 'card-head' }, h('h2', {}, 'Kafka lag'),
      h('span', { class: 'hint' }, 'records each partition is behind its latest offset, after the last batch')),
    lagEl);

  const comparisonText = h('p', { class: 'comparison-headline' });
  const comparisonCounts = h('p', { class: 'hint comparison-counts' });
  const comparisonDiff = h('div', { class: 'comparison-difference' });
  const comparisonCard = h('section', { class: 'card', 'data-card': 'comparison', hidden: true },
    h('div', { class: 'card-head' }, h('h2', {}, 'Arus and Spark'),
      h('span', { class: 'hint' }, 'the same query on both engines, their outputs compared batch by batch')),
    comparisonText, comparisonCounts, comparisonDiff);

  const resultsCard = h('section', { class: 'card', 'data-card': 'results' },
    h('div', { class: 'card-head' }, resultsTitle, resultsHint,
      measureLabel),
    h('div', { class: 'legend-line' },
      keyFinal,
      keyRunning,
      h('span', { class: 'key key-watermark' }, 'watermark'),
      h('span', { class: 'key key-max' }, 'max event time'),
      keyOpen),
    h('div', { class: 'chart-wrap' }, resultsEl, emptyResults));
  const rowsCard = h('section', { class: 'card', 'data-card': 'rows', hidden: true },
    h('div', { class: 'card-head' }, h('h2', {}, 'Recent rows'), rowsWatermark, rowsHint),
    rowsEl);

  replaceChildren(root,
    h('section', { class: 'query-head' },
      h('div', { class: 'query-title' }, title, badge, connection, dropped),
      statusLine,
      restartLine,
      h('div', { class: 'actions' }, stopButton, startButton, deleteButton)),
    notice,
    kpis,
    comparisonCard,
    lagCard,
    resultsCard,
    rowsCard,
    resultSection.element,
    stateSection.element,
    h('section', { class: 'progress-grid' },
      ...PROGRESS_CHARTS.map((spec, i) => h('div', { class: 'card card-small' }, h('h3', {}, spec.title), progressEls[i]))),
    definition.element,
    h('section', { class: 'card' },
      h('div', { class: 'card-head' }, h('h2', {}, 'Recent batches'), h('span', { class: 'hint' }, 'as the console sink prints them, newest first')),
      batchesEl));

  let markerLabels = markerLabelsFor(resultsEl.clientWidth);
  const results = new Chart(resultsEl, (width) => {
    if (markerLabelsFor(width) === markerLabels) return;
    markerLabels = markerLabelsFor(width);
    drawResults();
  });
  const progressCharts = progressEls.map((el) => new Chart(el));
  let measure: string | null = null;

  measureSelect.addEventListener('change', () => {
    measure = measureSelect.value;
    drawResults();
  });

  const act = async (button: HTMLButtonElement, action: () => Promise<unknown>) => {
    button.disabled = true;
    notice.hidden = true;
    try {
      await action();
    } catch (e) {
      showNotice(e instanceof ProblemError ? e.message : String(e));
    } finally {
      button.disabled = false;
      drawHead();
    }
  };
  const refreshFromRest = async () => {
    const view = await api.get(id);
    if (model.query) {
      model.apply({
        type: 'status', queryId: id, state: view.state, status: view.status, runId: view.runId,
        exception: view.exception ?? null, restart: view.restart ?? null,
      });
    }
  };
  stopButton.addEventListener('click', () => void act(stopButton, async () => { await api.stop(id); await refreshFromRest(); }));
  startButton.addEventListener('click', () => void act(startButton, async () => {
    await api.start(id);
    await refreshFromRest();
    live.retryNow();
  }));
  let confirmTimer = 0;
  deleteButton.addEventListener('click', () => {
    if (deleteButton.dataset.confirm !== 'yes') {
      deleteButton.dataset.confirm = 'yes';
      deleteButton.textContent = 'Really delete?';
      confirmTimer = window.setTimeout(() => {
        deleteButton.dataset.confirm = '';
        deleteButton.textContent = 'Delete';
      }, 4000);
      return;
    }
    window.clearTimeout(confirmTimer);
    void act(deleteButton, async () => {
      await api.remove(id);
      live.close('query deleted');
      location.hash = '#/';
    });
  });

  function showNotice(text: string): void {
    notice.textContent = text;
    notice.hidden = false;
  }

  function drawHead(): void {
    const q = model.query;
    if (!q) return;
    title.textContent = q.name;
    document.title = `${q.name} · Arus`;
    replaceChildren(badge, stateBadge(model.state), engineBadge(engineOf(q.spec)));
    const parts = [model.status?.message ?? ''];
    if (model.exception) parts.push(`${model.exception.class}: ${model.exception.message}`);
    statusLine.textContent = parts.filter(Boolean).join(' — ');
    statusLine.classList.toggle('failed', model.exception !== null);
    restartLine.hidden = model.restart === null;
    restartLine.textContent = model.restart ? restartSummary(model.restart, model.exception, Date.now()) : '';
    stopButton.disabled = !stoppable(model.state);
    startButton.disabled = model.state === 'ACTIVE' || model.state === 'DELETED';
    deleteButton.disabled = model.state === 'DELETED';
    const last: ProgressView | undefined = model.progress[model.progress.length - 1];
    const state = last ? stateRows(last) : null;
    // Before its first batch since the service started, a query shows where its checkpoint goes on.
    const committed = checkpoint?.lastCommitted ?? null;
    const committedWatermark = committed ? Date.parse(committed.watermark) : 0;
    const watermark = model.markers.watermark ?? (!last && committedWatermark > 0 ? committedWatermark : null);
    const kpi = (label: string, value: string, key: string) => [h('div', { class: 'kpi', 'data-kpi': key }, h('dt', {}, label), h('dd', {}, value))];
    const sink = sinkTarget(q.spec, model.progress);
    const lastWrite = sink?.lastWriteAt ? Date.parse(sink.lastWriteAt) : null;
    replaceChildren(kpis,
      ...kpi('Input', `${rate(last?.inputRowsPerSecond)} rows/s`, 'input'),
      ...kpi('Processed', `${rate(last?.processedRowsPerSecond)} rows/s`, 'processed'),
      ...kpi('Last batch', last ? `#${last.batchId} · ${ms(last.batchDuration)}`
        : committed ? `#${committed.batchId} · checkpoint` : '–', 'batch'),
      ...kpi('Watermark', watermark === null ? '–' : `${timeOfDay(watermark)} UTC`, 'watermark'),
      ...kpi('Max event time', model.markers.maxEventTime === null ? '–' : `${timeOfDay(model.markers.maxEventTime)} UTC`, 'max-event-time'),
      ...kpi('State rows', state ? String(state.total) : '–', 'state-rows'),
      ...kpi('Output mode', model.outputMode, 'mode'),
      ...(sink ? kpi('Sink', sink.target ? `${sink.format} · ${sink.target}` : sink.format, 'sink') : []),
      ...(sink && lastWrite !== null ? kpi('Last write', `${timeOfDay(lastWrite)} UTC${sink.rowsWritten === null ? ''
        : ` · ${sink.rowsWritten} rows`}`, 'last-write') : []),
      ...(model.dropped > 0 ? kpi('Messages dropped (slow client)', String(model.dropped), 'dropped') : []));
  }

  /** The comparison card of a query on both engines, as the live feed pushes it; hidden for one engine. */
  function drawComparison(summary: EngineComparison | null | undefined): void {
    comparisonCard.hidden = engineOf(model.query?.spec) !== 'both';
    if (comparisonCard.hidden) return;
    const verdict = verdictOf(summary);
    comparisonCard.dataset.verdict = verdict;
    comparisonCard.dataset.compared = String(summary?.batchesCompared ?? 0);
    comparisonCard.dataset.differing = String(summary?.batchesDiffering ?? 0);
    comparisonText.textContent = comparisonHeadline(summary);
    comparisonText.className = `comparison-headline comparison-${verdict.toLowerCase().replaceAll('_', '-')}`;
    comparisonCounts.textContent = comparisonProgress(summary);
    const diff = summary?.lastDifference;
    if (!diff) {
      replaceChildren(comparisonDiff);
      return;
    }
    const rows = (title: string, list: string[]) => h('div', {}, h('h3', {}, title),
      list.length === 0 ? h('p', { class: 'batch-empty' }, '(none)') : h('pre', { class: 'rows-diff' }, list.join('\n')));
    replaceChildren(comparisonDiff,
      h('p', { 'data-difference-batch': diff.batchId }, `Last difference: batch ${diff.batchId}, ${diff.arusRows} rows on Arus, ${diff.sparkRows} on Spark.`),
      rows('Only on Arus', diff.onlyOnArus), rows('Only on Spark', diff.onlyOnSpark));
  }

  function drawResults(): void {
    const kind = resultKindOf(model.query?.spec);
    resultsCard.hidden = kind === 'rows';
    rowsCard.hidden = kind !== 'rows';
    if (kind === 'rows') return;
    const sessions = kind === 'sessions';
    const shape = model.results.shape;
    const measures = shape?.measures ?? [];
    if (measures.join() !== [...measureSelect.options].map((o) => o.value).join()) {
      replaceChildren(measureSelect, ...measures.map((m) => h('option', { value: m }, m)));
    }
    if (measure === null || !measures.includes(measure)) measure = measures[0] ?? null;
    if (measure !== null) measureSelect.value = measure;
    measureSelect.disabled = measures.length < 2;
    measureLabel.hidden = measures.length === 0;
    const bars = model.results.list();
    const finals = bars.filter((b) => b.finalized).length;
    resultsEl.dataset.kind = kind;
    resultsEl.dataset.windows = String(bars.length);
    resultsEl.dataset.finalWindows = String(finals);
    resultsEl.dataset.sessions = sessions ? String(bars.length) : '0';
    resultsEl.dataset.finalSessions = sessions ? String(finals) : '0';
    const groups = model.results.groups();
    resultsEl.dataset.lanes = sessions ? String(groups.length) : '0';
    resultsEl.dataset.sessionSeconds = sessions ? bars.map((b) => (b.end - b.start) / 1000).join(',') : '';
    emptyResults.hidden = bars.length > 0;
    const what = sessions ? 'session' : 'window';
    resultsTitle.textContent = sessions ? 'Sessions per key' : 'Results per window';
    keyFinal.textContent = `final ${what}`;
    keyOpen.textContent = `open ${what}s`;
    keyRunning.textContent = sessions ? 'may still grow' : 'running value';
    measureWord.textContent = sessions ? 'label ' : 'height ';
    const since = lastCommittedText(checkpoint);
    if (shape && shape.windowColumn === null) emptyResults.textContent = 'These results have no window column: see the recent batches below.';
    else if (model.state !== 'ACTIVE' && model.batches.length === 0) {
      emptyResults.textContent = `No ${what} since the service started: the query is ${(model.state ?? 'stopped').toLowerCase()}.`
        + (since ? ` Its checkpoint's last batch was ${since}; started, it goes on from there.` : '');
    } else emptyResults.textContent = `No ${what} yet: a ${what} appears once the watermark passes its end.`;
    resultsHint.textContent = sessions
      ? `${model.outputMode} mode: a bar per session of each key, from its first event to its last plus the gap`
      : model.outputMode === 'append'
        ? 'append mode: each bar is a finalized window'
        : `${model.outputMode} mode: running values change in place until the watermark passes the window's end`;
    results.chart.setOption(sessions
      ? sessionsOption({ bars, groups, groupColumns: shape?.groupColumns ?? [], measure, markers: model.markers, labels: markerLabels })
      : resultsOption({ bars, groups, measure, markers: model.markers, mode: model.outputMode, labels: markerLabels }),
    { notMerge: true });
    resultsEl.dataset.markerLabels = markerLabels;
  }

  /** The rows table of a query without a window: its latest rows, each with its batch's watermark. */
  function drawRows(): void {
    if (rowsCard.hidden) return;
    const watermark = model.markers.watermark;
    rowsWatermark.textContent = watermark === null ? 'watermark –' : `watermark ${timeOfDay(watermark)} UTC`;
    rowsWatermark.dataset.watermark = watermark === null ? '' : new Date(watermark).toISOString();
    const table = recentRows(model.batches, model.progress, TABLE_ROWS);
    rowsEl.dataset.rows = String(table.rows.length);
    rowsHint.textContent = table.omitted > 0
      ? `the latest ${table.rows.length} output rows, newest batch first (${table.omitted} more in the batches below)`
      : 'the latest output rows, newest batch first';
    if (table.rows.length === 0) {
      replaceChildren(rowsEl, h('p', { class: 'batch-empty' }, '(no rows yet)'));
      return;
    }
    const head = h('thead', {}, h('tr', {}, h('th', {}, 'batch'), h('th', {}, 'watermark'), ...table.columns.map((c) => h('th', {}, c))));
    const body = h('tbody', {}, ...table.rows.map((r) => h('tr', { 'data-batch-id': r.batchId },
      h('td', {}, String(r.batchId)),
      h('td', { class: 'cell-watermark' }, r.watermark === null ? '–' : timeOfDay(r.watermark)),
      ...table.columns.map((c) => h('td', {}, consoleCell(r.row[c]))))));
    replaceChildren(rowsEl, h('div', { class: 'table-scroll' }, h('table', { class: 'console' }, head, body)));
  }

  function drawProgress(): void {
    PROGRESS_CHARTS.forEach((spec, i) => {
      const drawn = spec.title === 'State rows' ? stateChart(model.progress) : spec;
      const el = progressEls[i];
      if (el) el.dataset.lines = drawn.lines.map((l) => l.name).join(',');
      progressCharts[i]?.chart.setOption(progressOption(drawn, model.progress), { notMerge: true });
    });
  }

  /** The lag card: shown while the latest progress has a Kafka source, a table of its partitions per source. */
  function drawLag(): void {
    const lags = kafkaLag(model.progress[model.progress.length - 1]);
    lagCard.hidden = lags.length === 0;
    replaceChildren(lagEl, ...lags.map((lag) => {
      const spark = lag.maxBehind === null ? ''
        : ` · avg ${lag.avgBehind ?? '–'}, max ${lag.maxBehind}, min ${lag.minBehind ?? '–'}`;
      const head = h('tr', {}, ...['topic', 'partition', 'read to', 'latest', 'behind'].map((c) => h('th', {}, c)));
      const rows = lag.partitions.map((p) => h('tr', { 'data-partition': `${p.topic}-${p.partition}` },
        h('td', {}, p.topic), h('td', {}, String(p.partition)),
        h('td', {}, p.endOffset === null ? '–' : String(p.endOffset)), h('td', {}, String(p.latestOffset)),
        h('td', { class: p.behind > 0 ? 'cell-behind' : '' }, String(p.behind))));
      return h('div', { class: 'kafka-source', 'data-source': String(lag.index) },
        h('p', { class: 'kafka-source-head' }, lag.description,
          h('span', { class: 'hint' }, ` ${lag.totalBehind} records behind${spark}`)),
        h('div', { class: 'table-scroll' }, h('table', { class: 'console' }, h('thead', {}, head), h('tbody', {}, ...rows))));
    }));
  }

  function drawBatches(): void {
    replaceChildren(batchesEl, ...batchBlocks(model.batches.slice(0, 24), 9));
    batchesEl.dataset.count = String(model.batches.length);
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

  function draw(changes: Changes): void {
    if (changes.query) {
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
    if (changes.query || changes.comparison) drawComparison(model.query?.comparison);
    if (changes.results) drawResults();
    if (changes.progress) {
      drawProgress();
      drawLag();
      stateSection.progress(model.progress, model.markers.watermark);
    }
    if (changes.batches) {
      drawBatches();
      resultSection.batchWritten();
    }
    if (changes.batches || changes.progress || changes.query) drawRows();
  }

  function showConnection(state: ConnectionState): void {
    connection.dataset.connection = state.kind;
    connection.className = `conn conn-${state.kind}`;
    switch (state.kind) {
      case 'connecting':
        connection.textContent = state.attempt === 0 ? 'connecting…' : `reconnecting (attempt ${state.attempt})…`;
        break;
      case 'live':
        connection.textContent = 'live';
        break;
      case 'waiting':
        connection.textContent = `offline · retry in ${Math.ceil(state.delayMs / 1000)} s`;
        connection.title = `Connection lost (${state.reason}); attempt ${state.attempt}`;
        break;
      case 'closed':
        connection.textContent = state.reason;
        if (state.reason !== 'query not found') break;
        if (model.query === null) {
          renderNotFoundPage(root, 'Query not found', `No query with id ${id}: it was never created on this service, `
            + 'or it was deleted.');
        } else {
          showNotice(`No query with id ${id}: it was deleted.`);
          stopButton.disabled = startButton.disabled = deleteButton.disabled = true;
        }
        break;
    }
  }

  // Live messages are drawn in the next animation frame, those of one frame together.
  const frameDraw = new FrameDraw(draw);
  let disposed = false;
  /** Fetches what the snapshot left out: the service sends only the latest few batches and progress reports. */
  async function loadHistory(request: HistoryRequest): Promise<void> {
    try {
      const [batches, progress] = await Promise.all([
        request.batches ? api.batches(id, request.batches) : Promise.resolve([]),
        request.progress ? api.progress(id, request.progress) : Promise.resolve([])]);
      if (!disposed) frameDraw.add(model.applyHistory(request, batches, progress));
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
    onInvalid: (count, reason) => {
      dropped.hidden = false;
      dropped.dataset.dropped = String(count);
      dropped.textContent = `${count} message${count === 1 ? '' : 's'} dropped`;
      dropped.title = `Live messages not as the API's OpenAPI document says, not shown (the browser's console has them); the last: ${reason}`;
    },
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
    window.clearTimeout(confirmTimer);
    live.close();
    resultSection.dispose();
    results.dispose();
    progressCharts.forEach((c) => c.dispose());
  };
}

/** The batches newest first, runs of batches without rows folded into one line; at most {@code limit} blocks. */
function batchBlocks(batches: RecentBatch[], limit: number): HTMLElement[] {
  const blocks: HTMLElement[] = [];
  for (let i = 0; i < batches.length && blocks.length < limit;) {
    const first = batches[i];
    if (!first) break;
    if (first.rows.length > 0 || first.numRows > 0) {
      blocks.push(batchBlock(first));
      i++;
      continue;
    }
    let j = i;
    while (j + 1 < batches.length && batches[j + 1]?.numRows === 0) j++;
    const last = batches[j] ?? first;
    blocks.push(j === i ? batchBlock(first) : h('article', { class: 'batch batch-run', 'data-batch-id': first.batchId },
      h('header', {}, h('span', { class: 'batch-id' }, `Batches: ${last.batchId}–${first.batchId}`),
        h('span', { class: 'batch-meta' }, `${j - i + 1} batches`)),
      h('p', { class: 'batch-empty' }, '(no rows)')));
    i = j + 1;
  }
  return blocks;
}

/** A batch as Spark's console sink prints it: a header, then a table of its rows. */
function batchBlock(batch: RecentBatch): HTMLElement {
  const columns: string[] = [];
  for (const row of batch.rows) for (const c of Object.keys(row)) if (!columns.includes(c)) columns.push(c);
  const omitted = batch.omittedRows ?? Math.max(0, batch.numRows - batch.rows.length);
  const more = omitted > 0 ? ` (showing ${batch.rows.length} of ${batch.numRows} rows, ${omitted} left out)` : '';
  const header = h('header', {}, h('span', { class: 'batch-id' }, `Batch: ${batch.batchId}`),
    h('span', { class: 'batch-meta' }, `${batch.numRows} row${batch.numRows === 1 ? '' : 's'}${more} · ${timeOfDay(Date.parse(batch.timestamp))} UTC`));
  if (batch.rows.length === 0) {
    return h('article', { class: 'batch', 'data-batch-id': batch.batchId }, header, h('p', { class: 'batch-empty' }, '(no rows)'));
  }
  const head = h('thead', {}, h('tr', {}, ...columns.map((c) => h('th', {}, c))));
  const body = h('tbody', {}, ...batch.rows.map((row) => h('tr', {}, ...columns.map((c) => h('td', {}, consoleCell(row[c]))))));
  return h('article', { class: 'batch', 'data-batch-id': batch.batchId }, header,
    h('div', { class: 'table-scroll' }, h('table', { class: 'console' }, head, body)));
}
