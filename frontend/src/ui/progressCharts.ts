import { operatorStateRows, stateOperatorLines, stateRows } from '../timeline';
import type { ProgressView } from '../types';
import { Chart, PALETTE, progressOption, type ProgressChartSpec } from './charts';
import { h } from './dom';

const STATE_ROWS = 'State rows';

const PROGRESS_CHARTS: ProgressChartSpec[] = [
  { title: 'Rows per second', unit: 'rows/s', log: true, lines: [
    { name: 'input', color: PALETTE[0] ?? '', value: (p) => p.inputRowsPerSecond ?? null },
    { name: 'processed', color: PALETTE[1] ?? '', value: (p) => p.processedRowsPerSecond ?? null }] },
  { title: 'Batch duration', unit: 'ms', lines: [{ name: 'duration', color: PALETTE[2] ?? '', value: (p) => p.batchDuration }] },
  { title: STATE_ROWS, unit: 'rows', lines: [] },
  { title: 'Rows dropped as late', unit: 'rows', lines: [{ name: 'dropped', color: PALETTE[4] ?? '', value: (p) => stateRows(p).droppedLate }] },
];

/** The state chart: a line per stateful operator of the latest report, or the total when there is none. */
function stateChart(progress: ProgressView[]): ProgressChartSpec {
  const operators = stateOperatorLines(progress);
  const lines = operators.length === 0
    ? [{ name: 'state rows', color: PALETTE[3] ?? '', value: (p: ProgressView) => stateRows(p).total }]
    : operators.map((op, i) => ({ name: op.name, color: PALETTE[(3 + i) % PALETTE.length] ?? '',
      value: (p: ProgressView) => operatorStateRows(p, op.index) }));
  return { title: STATE_ROWS, unit: 'rows', lines };
}

/** The grid of progress charts of a query's page. */
export interface ProgressCharts {
  element: HTMLElement;
  /** Makes the charts: call once the grid is in the document, where a chart measures its width. */
  mount(): void;
  /** Draws the progress reports, oldest first. */
  draw(progress: ProgressView[]): void;
  dispose(): void;
}

/** The query's progress over its recent batches: rows per second, batch duration, state rows and rows dropped as late. */
export function progressCharts(): ProgressCharts {
  const chartEls = PROGRESS_CHARTS.map((spec) => h('div', { class: 'chart chart-small', 'data-chart': spec.title }));
  const element = h('section', { class: 'progress-grid' },
    ...PROGRESS_CHARTS.map((spec, i) => h('div', { class: 'card card-small' }, h('h3', {}, spec.title), chartEls[i])));
  let charts: Chart[] = [];
  return {
    element,
    mount(): void {
      charts = chartEls.map((el) => new Chart(el));
    },
    draw(progress: ProgressView[]): void {
      PROGRESS_CHARTS.forEach((spec, i) => {
        const drawn = spec.title === STATE_ROWS ? stateChart(progress) : spec;
        const el = chartEls[i];
        if (el) el.dataset.lines = drawn.lines.map((l) => l.name).join(',');
        charts[i]?.chart.setOption(progressOption(drawn, progress), { notMerge: true });
      });
    },
    dispose(): void {
      charts.forEach((c) => c.dispose());
    },
  };
}
