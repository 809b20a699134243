import { timeOfDay } from '../format';
import type { RecentBatch } from '../types';
import { consoleCells, consoleTable } from './consoleTable';
import { h, replaceChildren } from './dom';

/** The newest batches the card shows. */
const SHOWN_BATCHES = 24;

/** The blocks the card shows at most, a run of batches without rows counting as one. */
const SHOWN_BLOCKS = 9;

/** The recent batches card of a query's page. */
export interface BatchesCard {
  element: HTMLElement;
  /** Draws `batches`, newest first. */
  draw(batches: RecentBatch[]): void;
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
  return h('article', { class: 'batch', 'data-batch-id': batch.batchId }, header,
    consoleTable(columns, batch.rows.map((row) => h('tr', {}, ...consoleCells(columns, row)))));
}

/** The batches newest first, runs of batches without rows folded into one line; at most `limit` blocks. */
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

/** Recent batches, as the console sink prints them, newest first. */
export function batchesCard(): BatchesCard {
  const batchesEl = h('div', { class: 'batches', 'data-table': 'batches' });
  const element = h('section', { class: 'card' },
    h('div', { class: 'card-head' }, h('h2', {}, 'Recent batches'), h('span', { class: 'hint' }, 'as the console sink prints them, newest first')),
    batchesEl);
  return {
    element,
    draw(batches: RecentBatch[]): void {
      replaceChildren(batchesEl, ...batchBlocks(batches.slice(0, SHOWN_BATCHES), SHOWN_BLOCKS));
      batchesEl.dataset.count = String(batches.length);
    },
  };
}
