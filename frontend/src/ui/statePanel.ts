import { api, ProblemError, type StateEngine } from '../api';
import { consoleCell, timeOfDay } from '../format';
import { closesIn, closesWindows, parseKeyFilter, pickBatch, rowsOverBatches, StatePager, stateOperators, stateTable,
  waitingRead, type JoinSide, type RowsAtBatch, type StateOperatorEntry, type StateRead } from '../stateView';
import type { ClosingWindowsView, ProgressView } from '../types';
import { consoleCells, consoleTable } from './consoleTable';
import { h, replaceChildren } from './dom';

/** Rows on a page of the state table. */
const PAGE_ROWS = 50;

/** Batches whose row counts the operators table draws. */
const COUNTED_BATCHES = 20;

/** Windows the closing list shows. */
const CLOSING_WINDOWS = 10;

/** The State section of a query's page, and what reads its operators again. */
export interface StatePanel {
  element: HTMLElement;
  /** Lists the operators again (and the chosen one's rows): shown for a query with a checkpoint. */
  load(): Promise<void>;
  /** The query's progress reports, oldest first, and its watermark (epoch ms; null: none yet): rows over batches, closing times. */
  progress(reports: readonly ProgressView[], watermark: number | null): void;
  /** Offers the choice of engine whose state to read, for a query on both engines. */
  sideBySide(both: boolean): void;
}

/**
 * The State section: the query's stateful operators read from its checkpoint (name, store,
 * partitions, batch range, rows), and for the one chosen a page of its rows at a batch picked from
 * its range (the last by default), searched by key, a join's a side at a time. Reads only when
 * asked: a read takes a core of the service.
 */
export function statePanel(queryId: string): StatePanel {
  const operatorsEl = h('div', { class: 'state-operators', 'data-table': 'state-operators' });
  const problem = h('p', { class: 'notice', role: 'alert', 'data-state-problem': '', hidden: true });
  const refresh = h('button', { class: 'btn', 'data-action': 'state-refresh' }, 'Read again');
  const engineSelect = h('select', { 'aria-label': 'Engine', 'data-state-engine': '', hidden: true },
    h('option', { value: 'arus' }, 'Arus\'s state'), h('option', { value: 'spark' }, 'Spark\'s state'));
  const batchInput = h('input', { type: 'number', class: 'state-batch', 'aria-label': 'Batch', 'data-state-batch': '' });
  const keyInput = h('input', { type: 'search', class: 'state-key', placeholder: 'key field=value, …',
    'aria-label': 'Search by key', 'data-state-key': '' });
  const sideSelect = h('select', { 'aria-label': 'Join side', 'data-state-side': '' },
    h('option', { value: 'left' }, 'left side'), h('option', { value: 'right' }, 'right side'));
  const waitingBox = h('input', { type: 'checkbox', 'data-state-waiting': '' });
  const waitingLabel = h('label', { class: 'state-waiting', title: 'the side\'s rows whose matched flag is still false' },
    waitingBox, ' waiting for a match');
  const readButton = h('button', { class: 'btn', 'data-action': 'state-read' }, 'Read');
  const form = h('form', { class: 'state-form' },
    h('label', {}, 'batch ', batchInput), sideSelect, waitingLabel, keyInput, readButton);
  const closingHead = h('p', { class: 'hint', 'data-closing-summary': '' });
  const closingEl = h('div', { class: 'state-rows', 'data-table': 'closing' });
  const closingBlock = h('div', { class: 'state-closing', hidden: true },
    h('h3', {}, 'Closes next'), closingHead, closingEl);
  const rowsHead = h('p', { class: 'hint', 'data-state-summary': '' });
  const rowsEl = h('div', { class: 'state-rows', 'data-table': 'state-rows' });
  const previous = h('button', { class: 'btn', 'data-action': 'state-previous', disabled: true }, 'Previous');
  const next = h('button', { class: 'btn', 'data-action': 'state-next', disabled: true }, 'Next');
  const chosenEl = h('div', { class: 'state-chosen', hidden: true },
    h('h3', { 'data-state-chosen': '' }), closingBlock, form, rowsHead, rowsEl, h('div', { class: 'state-pager' }, previous, next));
  const element = h('section', { class: 'card', 'data-card': 'state', hidden: true },
    h('div', { class: 'card-head' }, h('h2', {}, 'State'),
      h('span', { class: 'hint' }, 'what the stateful operators hold, read from the checkpoint at a committed batch'),
      engineSelect, refresh),
    problem, operatorsEl, chosenEl);

  let operators: StateOperatorEntry[] = [];
  let chosen: StateOperatorEntry | null = null;
  /** The read whose page is shown, less its page token. */
  let shown: Omit<StateRead, 'after'> | null = null;
  const pager = new StatePager();
  let reports: readonly ProgressView[] = [];
  let watermark: number | null = null;
  let closing: ClosingWindowsView | null = null;

  function showProblem(e: unknown): void {
    problem.textContent = e instanceof ProblemError ? e.message : String(e);
    problem.dataset.status = e instanceof ProblemError ? String(e.problem.status ?? '') : '';
    problem.hidden = false;
  }

  function drawOperators(): void {
    if (operators.length === 0) {
      replaceChildren(operatorsEl, h('p', { class: 'batch-empty' }, '(no stateful operator has committed a batch)'));
      return;
    }
    const rows = operators.map((op) => h('tr', { 'data-operator-id': op.operatorId },
      h('td', {}, String(op.operatorId)), h('td', {}, op.operatorName), h('td', {}, op.stores.join(', ')),
      h('td', {}, String(op.numPartitions)),
      h('td', {}, op.maxBatchId < 0 ? '–' : `${op.minBatchId}–${op.maxBatchId}`),
      h('td', { 'data-rows-total': op.numRowsTotal }, String(op.numRowsTotal)),
      h('td', {}, rowsSpark(rowsOverBatches(reports, op, COUNTED_BATCHES))),
      h('td', {}, h('button', { class: 'btn', 'data-action': 'state-choose', disabled: op.maxBatchId < 0,
        onclick: () => choose(op) }, 'Rows'))));
    replaceChildren(operatorsEl,
      consoleTable(['id', 'operator', 'stores', 'partitions', 'batches', 'rows', 'rows, last batches', ''], rows));
  }

  /** Bars of an operator's rows after each of the last batches, highest full; the figures in its title. */
  function rowsSpark(points: RowsAtBatch[]): HTMLElement {
    const el = h('span', { class: 'rows-spark', 'data-rows-over-batches': points.map((p) => p.rows).join(',') });
    if (points.length === 0) {
      el.textContent = '–';
      return el;
    }
    const top = Math.max(1, ...points.map((p) => p.rows));
    el.title = points.map((p) => `batch ${p.batchId}: ${p.rows}`).join('\n');
    for (const p of points) {
      el.append(h('span', { class: 'rows-spark-bar', style: `height: ${Math.max(1, Math.round((p.rows / top) * 100))}%` }));
    }
    const first = points[0];
    const last = points[points.length - 1];
    el.append(h('span', { class: 'rows-spark-text' }, first && last && points.length > 1
      ? ` ${first.rows} → ${last.rows} over batches ${first.batchId}–${last.batchId}` : ` ${last?.rows ?? ''}`));
    return el;
  }

  /** The windows the chosen aggregation or session window closes next, against the watermark. */
  function drawClosing(): void {
    if (!closing) return;
    closingEl.dataset.windows = String(closing.windows.length);
    const mark = watermark === null ? 'no watermark yet' : `watermark ${timeOfDay(watermark)} UTC`;
    closingHead.textContent = closing.numWindows === 0
      ? `batch ${closing.batchId}: no window in the state`
      : `batch ${closing.batchId}: ${closing.numWindows} window${closing.numWindows === 1 ? '' : 's'} in the state, `
        + `each closed by the first batch whose watermark reaches its end; now ${mark}`;
    if (closing.windows.length === 0) {
      replaceChildren(closingEl);
      return;
    }
    const keyColumns: string[] = [];
    for (const w of closing.windows) for (const k of Object.keys(w.key)) if (!keyColumns.includes(k)) keyColumns.push(k);
    const shownKeys = keyColumns.filter((k) => !closing?.windows.some((w) => w.key[k] !== null && typeof w.key[k] === 'object'));
    replaceChildren(closingEl, consoleTable(['closes at watermark', 'window start', ...shownKeys, 'when'],
      closing.windows.map((w) => h('tr', { 'data-closes-at': w.closesAt },
        h('td', {}, consoleCell(w.closesAt)), h('td', {}, consoleCell(w.window.start)),
        ...consoleCells(shownKeys, w.key),
        h('td', {}, closesIn(w.closesAt, watermark))))));
  }

  async function readClosing(op: StateOperatorEntry): Promise<void> {
    closingBlock.hidden = !closesWindows(op);
    closing = null;
    if (closingBlock.hidden) return;
    try {
      closing = await api.closingWindows(queryId, op.operatorId, CLOSING_WINDOWS, engine());
      // An aggregation by plain keys holds no window: nothing closes.
      closingBlock.hidden = closing.numWindows === 0;
      drawClosing();
    } catch (e) {
      showProblem(e);
    }
  }

  function choose(op: StateOperatorEntry): void {
    chosen = op;
    chosenEl.hidden = false;
    const title = chosenEl.querySelector('[data-state-chosen]');
    if (title) title.textContent = `Operator ${op.operatorId}: ${op.operatorName}`;
    batchInput.min = String(op.minBatchId);
    batchInput.max = String(op.maxBatchId);
    batchInput.value = String(op.maxBatchId);
    sideSelect.hidden = !op.join;
    waitingLabel.hidden = !op.join;
    waitingBox.checked = false;
    keyInput.value = '';
    void readClosing(op);
    void readFromForm();
  }

  /** Reads the first page of what the form asks for. */
  async function readFromForm(): Promise<void> {
    if (!chosen) return;
    const batch = pickBatch(batchInput.value, chosen);
    const filter = parseKeyFilter(keyInput.value);
    if (batch !== null && typeof batch === 'object') return showProblem(batch.error);
    if ('error' in filter) return showProblem(filter.error);
    const read = { operatorId: chosen.operatorId, batchId: batch, keys: filter.keys, limit: PAGE_ROWS };
    shown = chosen.join && waitingBox.checked ? waitingRead({ ...read, after: null }, sideSelect.value as JoinSide)
      : { ...read, joinSide: chosen.join ? sideSelect.value as JoinSide : null };
    pager.reset();
    await readPage();
  }

  async function readPage(): Promise<void> {
    if (!shown) return;
    problem.hidden = true;
    next.disabled = previous.disabled = true;
    try {
      const page = await api.stateRows(queryId, { ...shown, after: pager.after }, engine());
      const table = stateTable(page);
      rowsEl.dataset.rows = String(table.rows.length);
      rowsEl.dataset.batchId = String(page.batchId);
      const first = (pager.page - 1) * PAGE_ROWS;
      rowsHead.textContent = page.numRows === 0 ? `batch ${page.batchId}: no rows`
        : `batch ${page.batchId}: rows ${first + 1}–${first + table.rows.length} of ${page.numRows}`;
      replaceChildren(rowsEl, table.rows.length === 0 ? null
        : consoleTable(table.columns, table.rows.map((r) => h('tr', {}, ...consoleCells(table.columns, r)))));
      next.disabled = !page.nextPage;
      next.dataset.after = page.nextPage ?? '';
      previous.disabled = !pager.hasPrevious;
    } catch (e) {
      showProblem(e);
      previous.disabled = !pager.hasPrevious;
    }
  }

  form.addEventListener('submit', (e) => {
    e.preventDefault();
    void readFromForm();
  });
  sideSelect.addEventListener('change', () => void readFromForm());
  waitingBox.addEventListener('change', () => void readFromForm());
  next.addEventListener('click', () => {
    if (!next.dataset.after) return;
    pager.next(next.dataset.after);
    void readPage();
  });
  previous.addEventListener('click', () => {
    pager.previous();
    void readPage();
  });

  async function load(): Promise<void> {
    element.hidden = false;
    problem.hidden = true;
    try {
      operators = stateOperators(await api.stateStores(queryId, engine()));
    } catch (e) {
      operators = [];
      showProblem(e);
    }
    drawOperators();
    const still = chosen && operators.find((op) => op.operatorId === chosen?.operatorId);
    if (still) {
      chosen = still;
      batchInput.max = String(still.maxBatchId);
      void readClosing(still);
      await readPage();
    } else {
      chosen = null;
      chosenEl.hidden = true;
    }
  }
  refresh.addEventListener('click', () => void load());
  engineSelect.addEventListener('change', () => void load());

  /** The engine chosen for a query on both; none for a query on one engine, whose own state is read. */
  function engine(): StateEngine | undefined {
    return engineSelect.hidden ? undefined : engineSelect.value as StateEngine;
  }

  function sideBySide(both: boolean): void {
    engineSelect.hidden = !both;
  }

  function progress(latest: readonly ProgressView[], mark: number | null): void {
    reports = latest;
    watermark = mark;
    if (!element.hidden && operators.length > 0) drawOperators();
    drawClosing();
  }

  return { element, load, progress, sideBySide };
}
