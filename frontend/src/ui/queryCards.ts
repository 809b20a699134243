import { consoleCell, timeOfDay } from '../format';
import { comparisonHeadline } from '../engines';
import { kafkaLag } from '../kafkaLag';
import type { LiveQueryModel } from '../liveModel';
import type { ConnectionState } from '../reconnect';
import { recentRows } from '../rows';
import type { EngineComparison, ProgressView, RecentBatch } from '../types';
import { h, replaceChildren } from './dom';

/**
 * The cards of a query's page that draw themselves from what they are given: each owns its
 * elements ({@code element}) and one {@code draw}, so that the page only lays them out and says
 * when to draw.
 */
export interface Card<T> {
  readonly element: HTMLElement;
  draw(input: T): void;
}

/** The latest output rows shown in the rows table of a query without a window. */
const TABLE_ROWS = 50;

/** The comparison card of a query on both engines; hidden for one engine. */
export function comparisonCard(): Card<{ both: boolean; summary: EngineComparison | null | undefined }> {
  const text = h('p', { class: 'comparison-headline' });
  const difference = h('div', { class: 'comparison-difference' });
  const element = h('section', { class: 'card', 'data-card': 'comparison', hidden: true },
    h('div', { class: 'card-head' }, h('h2', {}, 'Arus and Spark'),
      h('span', { class: 'hint' }, 'the same query on both engines, their outputs compared batch by batch')),
    text, difference);
  return {
    element,
    draw({ both, summary }) {
      element.hidden = !both;
      if (element.hidden) return;
      const differing = summary?.batchesDiffering ?? 0;
      element.dataset.compared = String(summary?.batchesCompared ?? 0);
      element.dataset.differing = String(differing);
      text.textContent = comparisonHeadline(summary);
      text.className = `comparison-headline ${differing > 0 ? 'comparison-differs' : 'comparison-agrees'}`;
      const diff = summary?.lastDifference;
      if (!diff) {
        replaceChildren(difference);
        return;
      }
      const rows = (title: string, list: string[]) => h('div', {}, h('h3', {}, title),
        list.length === 0 ? h('p', { class: 'batch-empty' }, '(none)') : h('pre', { class: 'rows-diff' }, list.join('\n')));
      replaceChildren(difference,
        h('p', { 'data-difference-batch': diff.batchId }, `Last difference: batch ${diff.batchId}, ${diff.arusRows} rows on Arus, ${diff.sparkRows} on Spark.`),
        rows('Only on Arus', diff.onlyOnArus), rows('Only on Spark', diff.onlyOnSpark));
    },
  };
}

/** The lag card: shown while the latest progress has a Kafka source, a table of its partitions per source. */
export function lagCard(): Card<ProgressView | undefined> {
  const table = h('div', { class: 'kafka-lag', 'data-table': 'kafka-lag' });
  const element = h('section', { class: 'card', 'data-card': 'kafka-lag', hidden: true },
    h('div', { class: 'card-head' }, h('h2', {}, 'Kafka lag'),
      h('span', { class: 'hint' }, 'records each partition is behind its latest offset, after the last batch')),
    table);
  return {
    element,
    draw(latest) {
      const lags = kafkaLag(latest);
      element.hidden = lags.length === 0;
      replaceChildren(table, ...lags.map((lag) => {
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
    },
  };
}

/** The rows table of a query without a window: its latest rows, each with its batch's watermark; drawn while shown. */
export function rowsCard(): Card<LiveQueryModel> {
  const watermarkLabel = h('span', { class: 'rows-watermark', 'data-watermark': '' }, 'watermark –');
  const hint = h('span', { class: 'hint' });
  const rowsEl = h('div', { class: 'rows', 'data-table': 'rows' });
  const element = h('section', { class: 'card', 'data-card': 'rows', hidden: true },
    h('div', { class: 'card-head' }, h('h2', {}, 'Recent rows'), watermarkLabel, hint),
    rowsEl);
  return {
    element,
    draw(model) {
      if (element.hidden) return;
      const watermark = model.markers.watermark;
      watermarkLabel.textContent = watermark === null ? 'watermark –' : `watermark ${timeOfDay(watermark)} UTC`;
      watermarkLabel.dataset.watermark = watermark === null ? '' : new Date(watermark).toISOString();
      const table = recentRows(model.batches, model.progress, TABLE_ROWS);
      rowsEl.dataset.rows = String(table.rows.length);
      hint.textContent = table.omitted > 0
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
    },
  };
}

/** The recent batches as the console sink prints them, newest first. */
export function batchesCard(): Card<RecentBatch[]> {
  const list = h('div', { class: 'batches', 'data-table': 'batches' });
  const element = h('section', { class: 'card' },
    h('div', { class: 'card-head' }, h('h2', {}, 'Recent batches'), h('span', { class: 'hint' }, 'as the console sink prints them, newest first')),
    list);
  return {
    element,
    draw(batches) {
      replaceChildren(list, ...batchBlocks(batches.slice(0, 24), 9));
      list.dataset.count = String(batches.length);
    },
  };
}

/** The live connection's indicator; {@code onClosed} hears why it closed for good. */
export function connectionIndicator(onClosed: (reason: string) => void): Card<ConnectionState> {
  const element = h('span', { class: 'conn conn-connecting', 'data-connection': 'connecting' }, 'connecting');
  return {
    element,
    draw(state) {
      element.dataset.connection = state.kind;
      element.className = `conn conn-${state.kind}`;
      switch (state.kind) {
        case 'connecting':
          element.textContent = state.attempt === 0 ? 'connecting…' : `reconnecting (attempt ${state.attempt})…`;
          break;
        case 'live':
          element.textContent = 'live';
          break;
        case 'waiting':
          element.textContent = `offline · retry in ${Math.ceil(state.delayMs / 1000)} s`;
          element.title = `Connection lost (${state.reason}); attempt ${state.attempt}`;
          break;
        case 'closed':
          element.textContent = state.reason;
          onClosed(state.reason);
          break;
      }
    },
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
