import { api, ensureLiveAccess, ProblemError, queryExists } from '../api';
import { liveProtocols } from '../auth';
import { ms, rate, timeOfDay } from '../format';
import { engineOf } from '../engines';
import { FrameDraw } from '../frameDraw';
import { LiveQueryModel, type Changes, type HistoryRequest } from '../liveModel';
import { browserSocket, LiveConnection } from '../reconnect';
import { restartSummary, stoppable } from '../restarts';
import { resultKindOf } from '../results';
import { sinkTarget } from '../sinkTarget';
import { operatorStateRows, stateOperatorLines, stateRows } from '../timeline';
import type { EngineComparison, ProgressView } from '../types';
import { Chart, markerLabelsFor, PALETTE, progressOption, resultsOption, sessionsOption, type ProgressChartSpec } from './charts';
import { engineBadge, h, replaceChildren, stateBadge } from './dom';
import { batchesCard, comparisonCard, connectionIndicator, lagCard, rowsCard } from './queryCards';

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
const COMPARISON_POLL_MS = 2000;

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
  const connection = connectionIndicator((reason) => {
    if (reason === 'query not found') showNotice(`No query with id ${id}.`);
  });
  const notice = h('div', { class: 'notice', role: 'alert', hidden: true });
  const stopButton = h('button', { class: 'btn', 'data-action': 'stop' }, 'Stop');
  const startButton = h('button', { class: 'btn', 'data-action': 'start' }, 'Start');
  const deleteButton = h('button', { class: 'btn btn-danger', 'data-action': 'delete' }, 'Delete');
  const kpis = h('dl', { class: 'kpis' });
  const measureSelect = h('select', { class: 'measure', 'aria-label': 'Aggregate shown as bar height' });
  const resultsHint = h('span', { class: 'hint' });
  const resultsTitle = h('h2', {}, 'Results per window');
  const measureWord = h('span', {}, 'height ');
  const resultsEl = h('div', { class: 'chart chart-results', 'data-chart': 'results' });
  const keyFinal = h('span', { class: 'key key-final' }, 'final window');
  const keyRunning = h('span', { class: 'key key-running' }, 'running value');
  const keyOpen = h('span', { class: 'key key-open' }, 'open windows');
  const emptyResults = h('div', { class: 'chart-empty' }, 'No window yet: a window appears once the watermark passes its end.');
  const progressEls = PROGRESS_CHARTS.map((spec) => h('div', { class: 'chart chart-small', 'data-chart': spec.title }));
  const lag = lagCard();
  const comparison = comparisonCard();
  const rows = rowsCard();
  const batches = batchesCard();

  const resultsCard = h('section', { class: 'card', 'data-card': 'results' },
    h('div', { class: 'card-head' }, resultsTitle, resultsHint,
      h('label', { class: 'measure-label' }, measureWord, measureSelect)),
    h('div', { class: 'legend-line' },
      keyFinal,
      keyRunning,
      h('span', { class: 'key key-watermark' }, 'watermark'),
      h('span', { class: 'key key-max' }, 'max event time'),
      keyOpen),
    h('div', { class: 'chart-wrap' }, resultsEl, emptyResults));

  replaceChildren(root,
    h('section', { class: 'query-head' },
      h('div', { class: 'query-title' }, title, badge, connection.element),
      statusLine,
      restartLine,
      h('div', { class: 'actions' }, stopButton, startButton, deleteButton)),
    notice,
    kpis,
    comparison.element,
    lag.element,
    resultsCard,
    rows.element,
    h('section', { class: 'progress-grid' },
      ...PROGRESS_CHARTS.map((spec, i) => h('div', { class: 'card card-small' }, h('h3', {}, spec.title), progressEls[i]))),
    batches.element);

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
    const kpi = (label: string, value: string, key: string) => [h('div', { class: 'kpi', 'data-kpi': key }, h('dt', {}, label), h('dd', {}, value))];
    const sink = sinkTarget(q.spec, model.progress);
    const lastWrite = sink?.lastWriteAt ? Date.parse(sink.lastWriteAt) : null;
    replaceChildren(kpis,
      ...kpi('Input', `${rate(last?.inputRowsPerSecond)} rows/s`, 'input'),
      ...kpi('Processed', `${rate(last?.processedRowsPerSecond)} rows/s`, 'processed'),
      ...kpi('Last batch', last ? `#${last.batchId} · ${ms(last.batchDuration)}` : '–', 'batch'),
      ...kpi('Watermark', model.markers.watermark === null ? '–' : `${timeOfDay(model.markers.watermark)} UTC`, 'watermark'),
      ...kpi('Max event time', model.markers.maxEventTime === null ? '–' : `${timeOfDay(model.markers.maxEventTime)} UTC`, 'max-event-time'),
      ...kpi('State rows', state ? String(state.total) : '–', 'state-rows'),
      ...kpi('Output mode', model.outputMode, 'mode'),
      ...(sink ? kpi('Sink', sink.target ? `${sink.format} · ${sink.target}` : sink.format, 'sink') : []),
      ...(sink && lastWrite !== null ? kpi('Last write', `${timeOfDay(lastWrite)} UTC${sink.rowsWritten === null ? ''
        : ` · ${sink.rowsWritten} rows`}`, 'last-write') : []),
      ...(model.dropped > 0 ? kpi('Messages dropped (slow client)', String(model.dropped), 'dropped') : []));
  }

  function drawComparison(summary: EngineComparison | null | undefined): void {
    comparison.draw({ both: engineOf(model.query?.spec) === 'both', summary });
  }

  function drawResults(): void {
    const kind = resultKindOf(model.query?.spec);
    resultsCard.hidden = kind === 'rows';
    rows.element.hidden = kind !== 'rows';
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
    if (shape && shape.windowColumn === null) emptyResults.textContent = 'These results have no window column: see the recent batches below.';
    else emptyResults.textContent = `No ${what} yet: a ${what} appears once the watermark passes its end.`;
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

  function drawProgress(): void {
    PROGRESS_CHARTS.forEach((spec, i) => {
      const drawn = spec.title === 'State rows' ? stateChart(model.progress) : spec;
      const el = progressEls[i];
      if (el) el.dataset.lines = drawn.lines.map((l) => l.name).join(',');
      progressCharts[i]?.chart.setOption(progressOption(drawn, model.progress), { notMerge: true });
    });
  }

  function draw(changes: Changes): void {
    if (changes.query) {
      drawHead();
      drawComparison(model.query?.comparison);
    }
    if (changes.results) drawResults();
    if (changes.progress) {
      drawProgress();
      lag.draw(model.progress[model.progress.length - 1]);
    }
    if (changes.batches) batches.draw(model.batches);
    if (changes.batches || changes.progress || changes.query) rows.draw(model);
  }

  // Live messages are drawn in the next animation frame, those of one frame together.
  const frameDraw = new FrameDraw(draw);
  let disposed = false;
  // The live feed carries no comparison after its snapshot: a query on both engines asks for it over REST.
  let comparisonTimer = 0;
  async function pollComparison(): Promise<void> {
    if (disposed) return;
    if (engineOf(model.query?.spec) === 'both') {
      try {
        const view = await api.get(id);
        if (!disposed) drawComparison(view.comparison);
      } catch {
        // The next poll tries again; the card keeps what it showed.
      }
    }
    if (!disposed) comparisonTimer = window.setTimeout(() => void pollComparison(), COMPARISON_POLL_MS);
  }
  comparisonTimer = window.setTimeout(() => void pollComparison(), COMPARISON_POLL_MS);
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
    createSocket: (url) => browserSocket(url, liveProtocols()),
    onMessage: (message) => {
      frameDraw.add(model.apply(message));
      const history = model.takeHistoryRequest();
      if (history) void loadHistory(history);
    },
    onState: (state) => connection.draw(state),
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
    window.clearTimeout(comparisonTimer);
    window.removeEventListener('online', online);
    window.clearTimeout(confirmTimer);
    live.close();
    results.dispose();
    progressCharts.forEach((c) => c.dispose());
  };
}
