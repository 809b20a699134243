import { api, ProblemError } from '../api';
import { RESULT_ROWS, resultSummary, resultTable } from '../resultView';
import { parseKeyFilter } from '../stateView';
import type { ResultView } from '../types';
import { consoleCells, consoleTable } from './consoleTable';
import { h, replaceChildren } from './dom';

/** The least time between two reads the query's batches prompt. */
const REREAD_MS = 1000;

/** The Result section of a query's page. */
export interface ResultPanel {
  element: HTMLElement;
  /** Shows the section (and reads the result) for a query in update or complete mode; hides it otherwise. */
  show(materialized: boolean): void;
  /** A batch was written: reads the result again, at most once a second. */
  batchWritten(): void;
  /** Stops a read waiting to be made. */
  dispose(): void;
}

/**
 * The Result section: the query's current result, the last row written for each key
 * (`GET /api/queries/{id}/result`), whatever its sink, with a lookup by key columns. Read when the
 * page opens, on **Read** and after the query's batches (at most once a second).
 */
export function resultPanel(queryId: string): ResultPanel {
  const problem = h('p', { class: 'notice', role: 'alert', 'data-result-problem': '', hidden: true });
  const keyInput = h('input', { type: 'search', class: 'state-key', placeholder: 'key column=value, …',
    'aria-label': 'Look up by key', 'data-result-key': '' });
  const readButton = h('button', { class: 'btn', 'data-action': 'result-read' }, 'Look up');
  const form = h('form', { class: 'state-form' }, keyInput, readButton);
  const summary = h('p', { class: 'hint', 'data-result-summary': '' });
  const rowsEl = h('div', { class: 'state-rows', 'data-table': 'result' });
  const element = h('section', { class: 'card', 'data-card': 'result', hidden: true },
    h('div', { class: 'card-head' }, h('h2', {}, 'Result'),
      h('span', { class: 'hint' }, 'the last row written for each key, whatever the sink: the result as a table holds it now')),
    form, problem, summary, rowsEl);

  let shown = false;
  let keys: string[] = [];
  let reading = false;
  let again = false;
  let lastRead = 0;
  let timer = 0;

  function draw(view: ResultView): void {
    const table = resultTable(view);
    summary.textContent = resultSummary(view, keys.length > 0);
    rowsEl.dataset.rows = String(table.rows.length);
    rowsEl.dataset.batchId = view.batchId === null || view.batchId === undefined ? '' : String(view.batchId);
    rowsEl.dataset.truncated = String(view.truncated);
    if (table.rows.length === 0) {
      replaceChildren(rowsEl, h('p', { class: 'batch-empty' }, keys.length > 0 ? '(no key matches)' : '(no rows yet)'));
      return;
    }
    replaceChildren(rowsEl, consoleTable(
      table.columns.map((c) => h('th', { class: table.keyColumns.includes(c) ? 'col-key' : '' }, c)),
      table.rows.map((r) => h('tr', {}, ...consoleCells(table.columns, r)))));
  }

  async function read(): Promise<void> {
    if (reading) {
      again = true;
      return;
    }
    reading = true;
    lastRead = Date.now();
    try {
      const view = await api.result(queryId, keys, RESULT_ROWS);
      problem.hidden = true;
      draw(view);
    } catch (e) {
      problem.textContent = e instanceof ProblemError ? e.message : String(e);
      problem.dataset.status = e instanceof ProblemError ? String(e.problem.status ?? '') : '';
      problem.hidden = false;
    } finally {
      reading = false;
      if (again) {
        again = false;
        void read();
      }
    }
  }

  form.addEventListener('submit', (e) => {
    e.preventDefault();
    const filter = parseKeyFilter(keyInput.value);
    if ('error' in filter) {
      problem.textContent = filter.error;
      problem.hidden = false;
      return;
    }
    keys = filter.keys;
    void read();
  });

  return {
    element,
    show(materialized: boolean): void {
      element.hidden = !materialized;
      if (materialized && !shown) void read();
      shown = materialized;
    },
    batchWritten(): void {
      if (!shown || timer !== 0) return;
      const wait = Math.max(0, lastRead + REREAD_MS - Date.now());
      timer = window.setTimeout(() => {
        timer = 0;
        void read();
      }, wait);
    },
    dispose(): void {
      window.clearTimeout(timer);
      timer = 0;
      shown = false;
    },
  };
}
