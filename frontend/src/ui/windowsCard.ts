import type { LiveQueryModel } from '../liveModel';
import { resultKindOf, type ResultKind, type WindowBar } from '../results';
import type { CheckpointView, OutputMode } from '../types';
import { Chart, markerLabelsFor, resultsOption, sessionsOption, type MarkerLabels } from './charts';
import { lastCommittedText } from './definitionCard';
import { h, replaceChildren } from './dom';

/** The chart card of a query's results by window or session. */
export interface WindowsCard {
  element: HTMLElement;
  /** Makes the chart: call once the card is in the document, where the chart measures its width. */
  mount(): void;
  /** Draws the model's results; hides the card for results without a window. */
  draw(): void;
  dispose(): void;
}

/** Marks the chart with what it shows, for tests and tools: its kind, its windows (or sessions) and how many are final. */
function markChart(chartEl: HTMLElement, kind: ResultKind, bars: WindowBar[], groups: string[]): void {
  const sessions = kind === 'sessions';
  const finals = bars.filter((b) => b.finalized).length;
  chartEl.dataset.kind = kind;
  chartEl.dataset.windows = String(bars.length);
  chartEl.dataset.finalWindows = String(finals);
  chartEl.dataset.sessions = sessions ? String(bars.length) : '0';
  chartEl.dataset.finalSessions = sessions ? String(finals) : '0';
  chartEl.dataset.lanes = sessions ? String(groups.length) : '0';
  chartEl.dataset.sessionSeconds = sessions ? bars.map((b) => (b.end - b.start) / 1000).join(',') : '';
}

/** What an empty chart says about its `what` (window or session); `since`: the checkpoint's last batch in words. */
function emptyText(model: LiveQueryModel, what: string, since: string | null): string {
  const shape = model.results.shape;
  if (shape && shape.windowColumn === null) return 'These results have no window column: see the recent batches below.';
  if (model.state !== 'ACTIVE' && model.batches.length === 0) {
    return `No ${what} since the service started: the query is ${(model.state ?? 'stopped').toLowerCase()}.`
      + (since ? ` Its checkpoint's last batch was ${since}; started, it goes on from there.` : '');
  }
  return `No ${what} yet: a ${what} appears once the watermark passes its end.`;
}

/** What a bar is in `mode`. */
function modeHint(sessions: boolean, mode: OutputMode): string {
  if (sessions) return `${mode} mode: a bar per session of each key, from its first event to its last plus the gap`;
  return mode === 'append'
    ? 'append mode: each bar is a finalized window'
    : `${mode} mode: running values change in place until the watermark passes the window's end`;
}

/**
 * Results per window, or Sessions per key: a bar per window (or per session of each key) with the
 * aggregate chosen as its height (its label for sessions), final ones apart from running ones,
 * and the watermark and max event time as lines. `checkpoint` is the checkpoint as last read,
 * whose last batch an empty chart of a stopped query names.
 */
export function windowsCard(model: LiveQueryModel, checkpoint: () => CheckpointView | null): WindowsCard {
  const measureSelect = h('select', { class: 'measure', 'aria-label': 'Aggregate shown as bar height' });
  const hint = h('span', { class: 'hint' });
  const title = h('h2', {}, 'Results per window');
  const measureWord = h('span', {}, 'height ');
  const measureLabel = h('label', { class: 'measure-label' }, measureWord, measureSelect);
  const chartEl = h('div', { class: 'chart chart-results', 'data-chart': 'results' });
  const keyFinal = h('span', { class: 'key key-final' }, 'final window');
  const keyRunning = h('span', { class: 'key key-running' }, 'running value');
  const keyOpen = h('span', { class: 'key key-open' }, 'open windows');
  const empty = h('div', { class: 'chart-empty' }, 'No window yet: a window appears once the watermark passes its end.');
  const element = h('section', { class: 'card', 'data-card': 'results' },
    h('div', { class: 'card-head' }, title, hint,
      measureLabel),
    h('div', { class: 'legend-line' },
      keyFinal,
      keyRunning,
      h('span', { class: 'key key-watermark' }, 'watermark'),
      h('span', { class: 'key key-max' }, 'max event time'),
      keyOpen),
    h('div', { class: 'chart-wrap' }, chartEl, empty));

  let chart: Chart | null = null;
  let markerLabels: MarkerLabels = 'always';
  let measure: string | null = null;

  measureSelect.addEventListener('change', () => {
    measure = measureSelect.value;
    draw();
  });

  /** Offers the shape's measures, keeping the one chosen while the shape has it. */
  function chooseMeasure(measures: string[]): void {
    if (measures.join() !== [...measureSelect.options].map((o) => o.value).join()) {
      replaceChildren(measureSelect, ...measures.map((m) => h('option', { value: m }, m)));
    }
    if (measure === null || !measures.includes(measure)) measure = measures[0] ?? null;
    if (measure !== null) measureSelect.value = measure;
    measureSelect.disabled = measures.length < 2;
    measureLabel.hidden = measures.length === 0;
  }

  function draw(): void {
    const kind = resultKindOf(model.query?.spec);
    element.hidden = kind === 'rows';
    if (kind === 'rows') return;
    const sessions = kind === 'sessions';
    const shape = model.results.shape;
    chooseMeasure(shape?.measures ?? []);
    const bars = model.results.list();
    const groups = model.results.groups();
    markChart(chartEl, kind, bars, groups);
    empty.hidden = bars.length > 0;
    const what = sessions ? 'session' : 'window';
    title.textContent = sessions ? 'Sessions per key' : 'Results per window';
    keyFinal.textContent = `final ${what}`;
    keyOpen.textContent = `open ${what}s`;
    keyRunning.textContent = sessions ? 'may still grow' : 'running value';
    measureWord.textContent = sessions ? 'label ' : 'height ';
    empty.textContent = emptyText(model, what, lastCommittedText(checkpoint()));
    hint.textContent = modeHint(sessions, model.outputMode);
    chart?.chart.setOption(sessions
      ? sessionsOption({ bars, groups, groupColumns: shape?.groupColumns ?? [], measure, markers: model.markers, labels: markerLabels })
      : resultsOption({ bars, groups, measure, markers: model.markers, mode: model.outputMode, labels: markerLabels }),
    { notMerge: true });
    chartEl.dataset.markerLabels = markerLabels;
  }

  return {
    element,
    mount(): void {
      markerLabels = markerLabelsFor(chartEl.clientWidth);
      chart = new Chart(chartEl, (width) => {
        if (markerLabelsFor(width) === markerLabels) return;
        markerLabels = markerLabelsFor(width);
        draw();
      });
    },
    draw,
    dispose(): void {
      chart?.dispose();
    },
  };
}
