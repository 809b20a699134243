import { api } from '../api';
import { bytes, count, duration, rate } from '../format';
import { keepsEverything, retentionText } from '../streams';
import type { StreamView } from '../types';
import { consoleTable } from './consoleTable';
import { h, replaceChildren } from './dom';
import { createStreamForm } from './createStreamForm';
import { sendEventsForm } from './sendEventsForm';

const POLL_MS = 2000;

/** A figure of a stream; {@code value} is the raw number behind the words, for tests and tools. */
function stat(key: string, label: string, text: string, value?: number, warning?: string): HTMLElement {
  return h('div', { class: warning === undefined ? 'stat' : 'stat stat-warn', 'data-stat': key, 'data-value': value,
    title: warning }, h('dt', {}, label), h('dd', {}, text));
}

function table(name: string, headings: string[], rows: HTMLElement[], emptyText: string): HTMLElement {
  return h('section', { class: 'stream-part', 'data-table': name },
    h('h3', {}, name),
    rows.length === 0 ? h('p', { class: 'empty' }, emptyText)
      : consoleTable(headings, rows));
}

/** A stream the service found damaged at startup: it shows only its name and what is wrong. */
function damagedCard(stream: StreamView): HTMLElement {
  return h('article', { class: 'card stream', 'data-stream-name': stream.name },
    h('header', { class: 'stream-head' }, h('h2', {}, stream.name), h('span', { class: 'badge state-failed' }, 'DAMAGED')),
    h('p', { class: 'stream-damage', 'data-damage': '' }, stream.damage),
    h('p', { class: 'hint' }, 'It stays out of the log, unread and unwritten, until it is deleted.'));
}

/** A stream: its figures, its columns, its partitions' offsets and the queries reading it with their lag. */
function streamCard(stream: StreamView, queryIds: Map<string, string>): HTMLElement {
  if (stream.damage !== undefined) return damagedCard(stream);
  const offsets = stream.offsets ?? [];
  const kept = offsets.reduce((sum, p) => sum + p.latest - p.earliest, 0);
  const queryLink = (name: string) => {
    const id = queryIds.get(name);
    return id === undefined ? name : h('a', { href: `#/queries/${id}` }, name);
  };
  return h('article', { class: 'card stream', 'data-stream-name': stream.name },
    h('header', { class: 'stream-head' }, h('h2', {}, stream.name), h('code', { class: 'stream-schema' }, stream.schema)),
    h('dl', { class: 'stream-stats' },
      stat('rate', 'Ingest', `${rate(stream.eventsPerSecond)} events/s`, stream.eventsPerSecond),
      stat('events-in', 'Events in', count(stream.eventsIn), stream.eventsIn),
      stat('kept', 'Events kept', count(kept), kept),
      stat('size', 'Size on disk', bytes(stream.sizeBytes), stream.sizeBytes),
      stat('partitions', 'Partitions', String(stream.partitions ?? '–'), stream.partitions),
      stat('key', 'Key field', stream.keyField ?? 'none (round robin)'),
      stat('retention', 'Retention', retentionText(stream.retention), undefined,
        keepsEverything(stream.retention)
          ? 'Keeps every event for ever: the stream grows until its disk is full' : undefined)),
    h('div', { class: 'stream-parts' },
      table('Columns', ['name', 'type'], (stream.columns ?? []).map((c) =>
        h('tr', { 'data-column': c.name }, h('td', {}, c.name), h('td', {}, c.nullable ? c.type : `${c.type} NOT NULL`))),
      'No columns.'),
      table('Offsets', ['partition', 'earliest', 'latest', 'kept'], offsets.map((p) =>
        h('tr', { 'data-partition': p.partition }, h('td', {}, String(p.partition)), h('td', { class: 'num' }, count(p.earliest)),
          h('td', { class: 'num' }, count(p.latest)), h('td', { class: 'num' }, count(p.latest - p.earliest)))),
      'No partitions.'),
      table('Readers', ['query', 'lag (events)', 'lag (time)'], (stream.readers ?? []).map((r) =>
        h('tr', { 'data-reader': r.query, 'data-lag-events': r.lagEvents }, h('td', {}, queryLink(r.query)),
          h('td', { class: 'num' }, count(r.lagEvents)),
          h('td', { class: 'num' }, r.lagSeconds === undefined ? 'caught up' : duration(r.lagSeconds)))),
      'No active query reads it.')));
}

/** The streams of the event log, polled over REST, a form that sends test events to one of them and one that creates one. */
export function renderStreamsPage(root: HTMLElement): () => void {
  const list = h('div', { class: 'streams' });
  const notice = h('div', { class: 'notice', role: 'alert', hidden: true });
  const empty = h('p', { class: 'empty', hidden: true },
    'No streams yet. Create one below (or with POST /api/streams): a name and its columns as Spark DDL.');
  const sender = sendEventsForm();
  const creator = createStreamForm(() => {
    window.clearTimeout(timer);
    void refresh();
  });
  replaceChildren(root, h('section', { class: 'page-head' }, h('h1', {}, 'Streams')), notice, list, empty, sender.element,
    creator);

  let timer = 0;
  let disposed = false;

  async function refresh(): Promise<void> {
    try {
      // The queries too, so that each reader's name links to its query's page.
      const [streams, queries] = await Promise.all([api.streams(), api.list()]);
      if (disposed) return;
      const queryIds = new Map(queries.map((q) => [q.name, q.id]));
      replaceChildren(list, ...streams.map((stream) => streamCard(stream, queryIds)));
      empty.hidden = streams.length > 0;
      notice.hidden = true;
      sender.offer(streams);
    } catch (e) {
      if (disposed) return;
      notice.textContent = `Cannot list streams: ${e instanceof Error ? e.message : String(e)}`;
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
