import { api, ProblemError } from '../api';
import { consoleCell } from '../format';
import { parseKeyFilter, pickBatch, StatePager, stateOperators, stateTable, type JoinSide, type StateOperatorEntry,
  type StateRead } from '../stateView';
import { h, replaceChildren } from './dom';

/** Rows on a page of the state table. */
const PAGE_ROWS = 50;

/** The State section of a query's page, and what reads its operators again. */
export interface StatePanel {
  element: HTMLElement;
  /** Lists the operators again (and the chosen one's rows): shown for a query with a checkpoint. */
  load(): Promise<void>;
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
  const batchInput = h('input', { type: 'number', class: 'state-batch', 'aria-label': 'Batch', 'data-state-batch': '' });
  const keyInput = h('input', { type: 'search', class: 'state-key', placeholder: 'key field=value, …',
    'aria-label': 'Search by key', 'data-state-key': '' });
  const sideSelect = h('select', { 'aria-label': 'Join side', 'data-state-side': '' },
    h('option', { value: 'left' }, 'left side'), h('option', { value: 'right' }, 'right side'));
  const readButton = h('button', { class: 'btn', 'data-action': 'state-read' }, 'Read');
  const form = h('form', { class: 'state-form' },
    h('label', {}, 'batch ', batchInput), sideSelect, keyInput, readButton);
  const rowsHead = h('p', { class: 'hint', 'data-state-summary': '' });
  const rowsEl = h('div', { class: 'state-rows', 'data-table': 'state-rows' });
  const previous = h('button', { class: 'btn', 'data-action': 'state-previous', disabled: true }, 'Previous');
  const next = h('button', { class: 'btn', 'data-action': 'state-next', disabled: true }, 'Next');
  const chosenEl = h('div', { class: 'state-chosen', hidden: true },
    h('h3', { 'data-state-chosen': '' }), form, rowsHead, rowsEl, h('div', { class: 'state-pager' }, previous, next));
  const element = h('section', { class: 'card', 'data-card': 'state', hidden: true },
    h('div', { class: 'card-head' }, h('h2', {}, 'State'),
      h('span', { class: 'hint' }, 'what the stateful operators hold, read from the checkpoint at a committed batch'), refresh),
    problem, operatorsEl, chosenEl);

  let operators: StateOperatorEntry[] = [];
  let chosen: StateOperatorEntry | null = null;
  /** The read whose page is shown, less its page token. */
  let shown: Omit<StateRead, 'after'> | null = null;
  const pager = new StatePager();

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
    const head = h('tr', {}, ...['id', 'operator', 'stores', 'partitions', 'batches', 'rows', ''].map((c) => h('th', {}, c)));
    const rows = operators.map((op) => h('tr', { 'data-operator-id': op.operatorId },
      h('td', {}, String(op.operatorId)), h('td', {}, op.operatorName), h('td', {}, op.stores.join(', ')),
      h('td', {}, String(op.numPartitions)),
      h('td', {}, op.maxBatchId < 0 ? '–' : `${op.minBatchId}–${op.maxBatchId}`),
      h('td', { 'data-rows-total': op.numRowsTotal }, String(op.numRowsTotal)),
      h('td', {}, h('button', { class: 'btn', 'data-action': 'state-choose', disabled: op.maxBatchId < 0,
        onclick: () => choose(op) }, 'Rows'))));
    replaceChildren(operatorsEl, h('div', { class: 'table-scroll' },
      h('table', { class: 'console' }, h('thead', {}, head), h('tbody', {}, ...rows))));
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
    keyInput.value = '';
    void readFromForm();
  }

  /** Reads the first page of what the form asks for. */
  async function readFromForm(): Promise<void> {
    if (!chosen) return;
    const batch = pickBatch(batchInput.value, chosen);
    const filter = parseKeyFilter(keyInput.value);
    if (batch !== null && typeof batch === 'object') return showProblem(batch.error);
    if ('error' in filter) return showProblem(filter.error);
    shown = { operatorId: chosen.operatorId, batchId: batch, keys: filter.keys, limit: PAGE_ROWS,
      joinSide: chosen.join ? sideSelect.value as JoinSide : null };
    pager.reset();
    await readPage();
  }

  async function readPage(): Promise<void> {
    if (!shown) return;
    problem.hidden = true;
    next.disabled = previous.disabled = true;
    try {
      const page = await api.stateRows(queryId, { ...shown, after: pager.after });
      const table = stateTable(page);
      rowsEl.dataset.rows = String(table.rows.length);
      rowsEl.dataset.batchId = String(page.batchId);
      const first = (pager.page - 1) * PAGE_ROWS;
      rowsHead.textContent = page.numRows === 0 ? `batch ${page.batchId}: no rows`
        : `batch ${page.batchId}: rows ${first + 1}–${first + table.rows.length} of ${page.numRows}`;
      replaceChildren(rowsEl, table.rows.length === 0 ? null : h('div', { class: 'table-scroll' }, h('table', { class: 'console' },
        h('thead', {}, h('tr', {}, ...table.columns.map((c) => h('th', {}, c)))),
        h('tbody', {}, ...table.rows.map((r) => h('tr', {}, ...table.columns.map((c) => h('td', {}, consoleCell(r[c])))))))));
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
      operators = stateOperators(await api.stateStores(queryId));
    } catch (e) {
      operators = [];
      showProblem(e);
    }
    drawOperators();
    const still = chosen && operators.find((op) => op.operatorId === chosen?.operatorId);
    if (still) {
      chosen = still;
      batchInput.max = String(still.maxBatchId);
      await readPage();
    } else {
      chosen = null;
      chosenEl.hidden = true;
    }
  }
  refresh.addEventListener('click', () => void load());

  return { element, load };
}
