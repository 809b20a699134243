import { api, ProblemError } from '../api';
import { ms, rate, timeOfDay } from '../format';
import type { QueryView } from '../types';
import { engineOf } from '../engines';
import { restartSummary, stoppable } from '../restarts';
import { engineBadge, h, replaceChildren, stateBadge } from './dom';

const POLL_MS = 2000;

function watermarkOf(q: QueryView): string {
  const w = q.lastProgress?.eventTime?.watermark;
  if (!w) return '–';
  const t = Date.parse(w);
  return t === 0 ? '–' : `${timeOfDay(t)} UTC`;
}

/** The list of queries, polled over REST, with stop, start and delete. */
export function renderListPage(root: HTMLElement): () => void {
  const body = h('tbody');
  const notice = h('div', { class: 'notice', role: 'alert', hidden: true });
  const empty = h('p', { class: 'empty', hidden: true }, 'No queries yet. ', h('a', { href: '#/new' }, 'Create one from a template.'));
  replaceChildren(root,
    h('section', { class: 'page-head' }, h('h1', {}, 'Queries'), h('a', { class: 'btn btn-primary', href: '#/new' }, 'New query')),
    notice,
    h('div', { class: 'card table-scroll' },
      h('table', { class: 'queries' },
        h('thead', {}, h('tr', {},
          h('th', {}, 'Name'), h('th', {}, 'Status'), h('th', { class: 'num' }, 'Input rows/s'),
          h('th', { class: 'num' }, 'Processed rows/s'), h('th', { class: 'num' }, 'Last batch'),
          h('th', { class: 'num' }, 'Duration'), h('th', {}, 'Watermark'), h('th', {}, ''))),
        body)),
    empty);

  let timer = 0;
  let disposed = false;
  const pendingDelete = new Set<string>();

  async function act(action: () => Promise<unknown>): Promise<void> {
    notice.hidden = true;
    try {
      await action();
    } catch (e) {
      notice.textContent = e instanceof ProblemError ? e.message : String(e);
      notice.hidden = false;
    }
    await refresh();
  }

  function row(q: QueryView): HTMLElement {
    const p = q.lastProgress;
    const deleting = pendingDelete.has(q.id);
    return h('tr', { 'data-query-id': q.id, 'data-query-name': q.name },
      h('td', { 'data-label': 'Name' }, h('a', { href: `#/queries/${q.id}`, class: 'query-link' }, q.name),
        engineBadge(engineOf(q.spec))),
      h('td', { 'data-label': 'Status' }, stateBadge(q.state), h('span', { class: 'status-msg' }, q.status.message),
        q.restart ? h('div', { class: 'restart-note', 'data-restart': '' }, restartSummary(q.restart, q.exception, Date.now())) : null),
      h('td', { class: 'num', 'data-label': 'Input rows/s' }, rate(p?.inputRowsPerSecond)),
      h('td', { class: 'num', 'data-label': 'Processed rows/s' }, rate(p?.processedRowsPerSecond)),
      h('td', { class: 'num', 'data-label': 'Last batch' }, p ? `#${p.batchId}` : '–'),
      h('td', { class: 'num', 'data-label': 'Duration' }, ms(p?.batchDuration)),
      h('td', { 'data-label': 'Watermark' }, watermarkOf(q)),
      h('td', { class: 'row-actions' },
        h('button', { class: 'btn btn-small', 'data-action': 'stop', disabled: !stoppable(q.state),
          onclick: () => void act(() => api.stop(q.id)) }, 'Stop'),
        h('button', { class: 'btn btn-small', 'data-action': 'start', disabled: q.state === 'ACTIVE',
          onclick: () => void act(() => api.start(q.id)) }, 'Start'),
        h('button', { class: 'btn btn-small btn-danger', 'data-action': 'delete',
          onclick: () => {
            if (!pendingDelete.has(q.id)) {
              pendingDelete.add(q.id);
              window.setTimeout(() => { pendingDelete.delete(q.id); }, 4000);
              void refresh();
              return;
            }
            pendingDelete.delete(q.id);
            void act(() => api.remove(q.id));
          } }, deleting ? 'Really delete?' : 'Delete')));
  }

  async function refresh(): Promise<void> {
    window.clearTimeout(timer);
    try {
      const queries = await api.list();
      if (disposed) return;
      replaceChildren(body, ...queries.map(row));
      empty.hidden = queries.length > 0;
    } catch (e) {
      if (disposed) return;
      notice.textContent = `Cannot list queries: ${e instanceof Error ? e.message : String(e)}`;
      notice.hidden = false;
    }
    if (!disposed) timer = window.setTimeout(() => void refresh(), POLL_MS);
  }
  void refresh();
  return () => {
    disposed = true;
    window.clearTimeout(timer);
  };
}
