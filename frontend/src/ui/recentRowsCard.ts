import { timeOfDay } from '../format';
import type { LiveQueryModel } from '../liveModel';
import { recentRows } from '../rows';
import { consoleCells, consoleTable } from './consoleTable';
import { h, replaceChildren } from './dom';

/** The latest output rows the table shows. */
const TABLE_ROWS = 50;

/** The recent rows card of a query's page. */
export interface RecentRowsCard {
  element: HTMLElement;
  /** Shows the card, for results without a window, or hides it. */
  show(shown: boolean): void;
  /** Draws the model's latest rows, while the card is shown. */
  draw(model: LiveQueryModel): void;
}

/** Recent rows, for a query without a window: its latest output rows, newest batch first, each with its batch's watermark. */
export function recentRowsCard(): RecentRowsCard {
  const watermarkEl = h('span', { class: 'rows-watermark', 'data-watermark': '' }, 'watermark –');
  const hint = h('span', { class: 'hint' });
  const rowsEl = h('div', { class: 'rows', 'data-table': 'rows' });
  const element = h('section', { class: 'card', 'data-card': 'rows', hidden: true },
    h('div', { class: 'card-head' }, h('h2', {}, 'Recent rows'), watermarkEl, hint),
    rowsEl);
  return {
    element,
    show(shown: boolean): void {
      element.hidden = !shown;
    },
    draw(model: LiveQueryModel): void {
      if (element.hidden) return;
      const watermark = model.markers.watermark;
      watermarkEl.textContent = watermark === null ? 'watermark –' : `watermark ${timeOfDay(watermark)} UTC`;
      watermarkEl.dataset.watermark = watermark === null ? '' : new Date(watermark).toISOString();
      const table = recentRows(model.batches, model.progress, TABLE_ROWS);
      rowsEl.dataset.rows = String(table.rows.length);
      hint.textContent = table.omitted > 0
        ? `the latest ${table.rows.length} output rows, newest batch first (${table.omitted} more in the batches below)`
        : 'the latest output rows, newest batch first';
      if (table.rows.length === 0) {
        replaceChildren(rowsEl, h('p', { class: 'batch-empty' }, '(no rows yet)'));
        return;
      }
      replaceChildren(rowsEl, consoleTable(['batch', 'watermark', ...table.columns],
        table.rows.map((r) => h('tr', { 'data-batch-id': r.batchId },
          h('td', {}, String(r.batchId)),
          h('td', { class: 'cell-watermark' }, r.watermark === null ? '–' : timeOfDay(r.watermark)),
          ...consoleCells(table.columns, r.row)))));
    },
  };
}
