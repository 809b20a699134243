import { api, ProblemError } from '../api';
import { exampleEvents, layoutOf, problemPlaces, problemRange, writtenSummary, type EventLayout } from '../streams';
import type { IngestResult, Problem, StreamColumn, StreamView } from '../types';
import { h, replaceChildren } from './dom';

/** The send form and what tells it which streams there are, on each refresh of the list. */
export interface SendEventsForm {
  element: HTMLElement;
  offer(streams: StreamView[]): void;
}

/**
 * A form that sends a few test events to a stream, starting from an example with a value for
 * each of the stream's columns. The text goes as typed, as NDJSON or as a JSON array (whichever
 * it is), so that a refused event can be selected in it where the service's problem points.
 */
export function sendEventsForm(): SendEventsForm {
  const streamSelect = h('select', { id: 'send-stream', 'data-field': 'stream' });
  const layoutSelect = h('select', { id: 'send-layout', 'data-field': 'layout' },
    h('option', { value: 'ndjson' }, 'NDJSON, one event a line'),
    h('option', { value: 'array' }, 'a JSON array'));
  const events = h('textarea', { id: 'events', class: 'events-text', rows: 6, spellcheck: 'false', wrap: 'off',
    autocomplete: 'off', autocapitalize: 'off', 'aria-label': 'Events to send' });
  const send = h('button', { class: 'btn btn-primary', type: 'submit', 'data-action': 'send-events', disabled: true }, 'Send');
  const verdict = h('div', { class: 'verdict send-verdict', role: 'status', hidden: true });
  const form = h('form', { class: 'send-form', novalidate: true },
    h('div', { class: 'send-choice' },
      h('label', { for: 'send-stream' }, 'Stream'), streamSelect,
      h('label', { for: 'send-layout' }, 'Example as'), layoutSelect),
    events,
    h('div', { class: 'form-actions' }, send,
      h('span', { class: 'hint' }, 'All or nothing: one bad event refuses the whole post, and nothing of it is written.')),
    verdict);
  const element = h('section', { class: 'card send-events' },
    h('div', { class: 'card-head' }, h('h2', {}, 'Send test events')), form);

  let columnsOf = new Map<string, StreamColumn[]>();

  function fillExample(): void {
    const columns = columnsOf.get(streamSelect.value);
    events.value = columns ? exampleEvents(columns, layoutSelect.value as EventLayout, Date.now()) : '';
    verdict.hidden = true;
  }

  function offer(streams: StreamView[]): void {
    const open = streams.filter((s) => s.damage === undefined && s.columns !== undefined);
    columnsOf = new Map(open.map((s) => [s.name, s.columns ?? []]));
    const chosen = streamSelect.value;
    const names = open.map((s) => s.name);
    if (names.join('\n') !== [...streamSelect.options].map((o) => o.value).join('\n')) {
      replaceChildren(streamSelect, ...names.map((name) => h('option', { value: name }, name)));
      if (names.includes(chosen)) streamSelect.value = chosen;
    }
    send.disabled = names.length === 0;
    // The user's text stays across refreshes; only a new choice of stream starts a new example.
    if (streamSelect.value !== chosen) fillExample();
  }

  function showVerdict(kind: 'ok' | 'error' | 'pending', ...parts: (Node | string | null)[]): void {
    verdict.dataset.verdict = kind;
    verdict.hidden = false;
    replaceChildren(verdict, ...parts);
  }

  function showWritten(stream: string, result: IngestResult): void {
    const { headline, ranges } = writtenSummary(result);
    showVerdict('ok', h('strong', { class: 'written-headline', 'data-events': result.events }, `${headline} to ${stream}`),
      h('ul', { class: 'written-ranges' }, ...ranges.map((range) => h('li', {}, range))));
  }

  function showProblem(text: string, problem: Problem): void {
    showVerdict('error', h('strong', { class: 'problem-title' }, problem.title ?? 'Refused'),
      ...problemPlaces(problem).map((place) => h('span', { class: 'problem-where', 'data-where': place.kind }, place.text)),
      h('span', { class: 'problem-detail' }, problem.detail ?? ''));
    const range = problemRange(text, problem);
    if (range && events.value === text) {
      events.focus();
      events.setSelectionRange(range.start, Math.max(range.end, range.start));
    }
  }

  streamSelect.addEventListener('change', fillExample);
  layoutSelect.addEventListener('change', fillExample);
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    const stream = streamSelect.value;
    const text = events.value;
    send.disabled = true;
    showVerdict('pending', `Sending to ${stream}…`);
    api.sendEvents(stream, text, layoutOf(text)).then(
      (result) => showWritten(stream, result),
      (error: unknown) => showProblem(text, error instanceof ProblemError ? error.problem : { title: 'Refused', detail: String(error) }),
    ).finally(() => { send.disabled = false; });
  });

  return { element, offer };
}
