import { api, ProblemError } from '../api';
import type { StreamSpec } from '../types';
import { h, replaceChildren } from './dom';

/** The fields of the form, by the member of POST /api/streams each fills, for a problem's pointer. */
const POINTERS: Record<string, string> = {
  '/name': 'name', '/schema': 'schema', '/partitions': 'partitions', '/keyField': 'keyField',
  '/retention/maxAge': 'maxAge', '/retention': 'maxAge',
};

/**
 * A form that creates a stream (POST /api/streams): its name, its columns as Spark DDL, its
 * partitions, the field whose value picks an event's partition, and how long it keeps events
 * (the service's default when left empty). A refusal marks the field its pointer names.
 */
export function createStreamForm(created: (name: string) => void): HTMLElement {
  const input = (field: string, attrs: Record<string, string | number>) =>
    h('input', { id: `stream-${field}`, 'data-field': field, autocomplete: 'off', spellcheck: 'false', ...attrs });
  const fields: Record<string, HTMLInputElement> = {
    name: input('name', { placeholder: 'orders', required: 'required' }),
    schema: input('schema', { placeholder: 'order_id STRING NOT NULL, amount DOUBLE, event_time TIMESTAMP' }),
    partitions: input('partitions', { type: 'number', min: 1, max: 256, value: 1 }),
    keyField: input('keyField', { placeholder: 'none: round robin' }),
    maxAge: input('maxAge', { placeholder: 'the service\'s default (7 days)' }),
  };
  const row = (field: string, label: string) => h('div', { class: 'field-row' },
    h('label', { for: `stream-${field}` }, label), fields[field]);
  const submit = h('button', { class: 'btn btn-primary', type: 'submit', 'data-action': 'create-stream' }, 'Create stream');
  const verdict = h('div', { class: 'verdict', role: 'status', hidden: true });
  const form = h('form', { class: 'create-stream-form', novalidate: true },
    row('name', 'Name'), row('schema', 'Columns'), row('partitions', 'Partitions'), row('keyField', 'Key field'),
    row('maxAge', 'Keep for'),
    h('div', { class: 'form-actions' }, submit,
      h('span', { class: 'hint' }, 'Columns as Spark DDL; a query reads the stream with the stream source.')),
    verdict);

  function specOf(): StreamSpec {
    const value = (field: string) => fields[field]?.value.trim() ?? '';
    const spec: StreamSpec = { name: value('name'), schema: value('schema') };
    if (value('partitions') !== '') spec.partitions = Number(value('partitions'));
    if (value('keyField') !== '') spec.keyField = value('keyField');
    if (value('maxAge') !== '') spec.retention = { maxAge: value('maxAge') };
    return spec;
  }

  form.addEventListener('submit', (e) => {
    e.preventDefault();
    Object.values(fields).forEach((f) => f.removeAttribute('aria-invalid'));
    const spec = specOf();
    submit.disabled = true;
    api.createStream(spec).then(() => {
      verdict.dataset.verdict = 'ok';
      replaceChildren(verdict, h('strong', {}, `Created the stream ${spec.name}`));
      verdict.hidden = false;
      created(spec.name);
    }, (error: unknown) => {
      const problem = error instanceof ProblemError ? error.problem : { title: 'Refused', detail: String(error) };
      const field = problem.pointer === undefined ? undefined : POINTERS[problem.pointer];
      if (field) fields[field]?.setAttribute('aria-invalid', 'true');
      verdict.dataset.verdict = 'error';
      replaceChildren(verdict, h('strong', { class: 'problem-title' }, problem.title ?? 'Refused'), ' ',
        h('span', { class: 'problem-detail' }, problem.detail ?? ''));
      verdict.hidden = false;
    }).finally(() => { submit.disabled = false; });
  });

  return h('section', { class: 'card create-stream', 'data-card': 'create-stream' },
    h('div', { class: 'card-head' }, h('h2', {}, 'New stream')), form);
}
