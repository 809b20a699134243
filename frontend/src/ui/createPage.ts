import { api, ProblemError } from '../api';
import { lineColumn, locatePointer, syntaxError } from '../jsonLocate';
import { isSqlSpec } from '../sql/specParts';
import { TEMPLATES } from '../templates';
import type { Problem, QuerySpec } from '../types';
import { h, replaceChildren } from './dom';
import { renderPreview } from './previewPanel';
import { specEditor } from './specEditor';
import { sqlSpecForm } from './sqlSpecForm';

/** What a preview asks for: the first batches that write rows, within this long. */
const PREVIEW_BATCHES = 3;
const PREVIEW_SECONDS = 20;

type Mode = 'sql' | 'json';

/**
 * The create form: a spec in SQL (see {@link sqlSpecForm}) filled from a template, or, one click
 * away, the whole spec as JSON (see {@link specEditor}). Preview runs it for a few batches on a
 * throwaway checkpoint and shows the rows; Create starts it. The service's refusal is marked
 * where its pointer names, at the statement's line and column.
 */
export function renderCreatePage(root: HTMLElement, templateId: string | null): () => void {
  const select = h('select', { id: 'template', 'data-field': 'template' },
    ...TEMPLATES.map((t) => h('option', { value: t.id }, t.label)));
  const describe = h('p', { class: 'hint template-describe' });
  const tabs = (['sql', 'json'] as const).map((m) => h('button', { type: 'button', role: 'tab', class: 'tab',
    'data-mode': m }, m === 'sql' ? 'SQL' : 'JSON'));
  const jsonFrame = h('div', { class: 'editor-frame', id: 'spec' });
  const verdict = h('div', { class: 'verdict', role: 'status', 'data-verdict': 'ok' });
  const submit = h('button', { class: 'btn btn-primary', type: 'submit', 'data-action': 'create' }, 'Create and start');
  const previewButton = h('button', { class: 'btn', type: 'button', 'data-action': 'preview' }, 'Preview');
  const previewPanel = h('section', { class: 'card preview', 'data-preview': '', 'aria-live': 'polite' });
  const sqlForm = sqlSpecForm(() => check());
  const form = h('form', { class: 'create-form', novalidate: true },
    h('div', { class: 'template-row' }, h('label', { for: 'template' }, 'Template'), select,
      h('div', { class: 'tabs', role: 'tablist' }, ...tabs)),
    describe, sqlForm.element, jsonFrame, verdict,
    h('div', { class: 'form-actions' }, submit, previewButton,
      h('span', { class: 'hint' }, `Preview runs it for up to ${PREVIEW_BATCHES} batches with rows or ${PREVIEW_SECONDS} s`
        + ' on a throwaway checkpoint, and saves nothing.')));
  replaceChildren(root, h('section', { class: 'page-head' }, h('h1', {}, 'New query')), h('section', { class: 'card' }, form),
    previewPanel);
  const editor = specEditor(jsonFrame, 'Query spec (JSON)', () => check());
  let mode: Mode = 'sql';

  function showMode(next: Mode): void {
    mode = next;
    sqlForm.element.hidden = mode !== 'sql';
    jsonFrame.hidden = mode !== 'json';
    for (const tab of tabs) tab.setAttribute('aria-selected', String(tab.dataset.mode === mode));
    check();
  }

  /** Switches between the forms, carrying the spec over; JSON that is not a spec in SQL stays in JSON. */
  function switchTo(next: Mode): void {
    if (next === mode) return;
    if (next === 'json') {
      const composed = sqlForm.compose();
      if ('error' in composed) return showVerdict('error', composed.error);
      editor.setText(JSON.stringify(composed.spec, null, 2));
      return showMode('json');
    }
    const text = editor.text();
    if (syntaxError(text)) return showVerdict('error', 'Not JSON: correct it before you switch to the SQL form.');
    const value: unknown = JSON.parse(text);
    if (!isSqlSpec(value)) return showVerdict('error', 'This spec is written as source and steps: the SQL form edits a spec with "sql".');
    sqlForm.setSpec(value);
    showMode('sql');
  }

  function load(id: string): void {
    const template = TEMPLATES.find((t) => t.id === id) ?? TEMPLATES[0];
    if (!template) return;
    select.value = template.id;
    describe.textContent = template.describe;
    const spec = template.spec(Date.now());
    sqlForm.setSpec(spec);
    editor.setText(JSON.stringify(spec, null, 2));
    previewPanel.replaceChildren();
    check();
  }

  function showVerdict(kind: 'ok' | 'error' | 'pending', ...parts: (string | Node | null)[]): void {
    verdict.dataset.verdict = kind;
    replaceChildren(verdict, ...parts);
  }

  /** The spec's text to send, or null (with the verdict saying why) when it is not JSON. */
  function specText(): string | null {
    if (mode === 'json') {
      const text = editor.text();
      const error = syntaxError(text);
      if (!error) return text;
      const { line, column } = lineColumn(text, error.offset);
      showVerdict('error', h('strong', {}, `Not JSON (line ${line}, column ${column}): `), error.message);
      return null;
    }
    const composed = sqlForm.compose();
    if ('error' in composed) {
      showVerdict('error', composed.error);
      return null;
    }
    return JSON.stringify(composed.spec, null, 2);
  }

  function check(): boolean {
    const text = specText();
    submit.disabled = previewButton.disabled = text === null;
    if (text === null) return false;
    const spec = JSON.parse(text) as Partial<QuerySpec>;
    const missing = ['name', 'sink'].filter((f) => !(f in spec));
    if (!('sql' in spec) && !('source' in spec)) missing.push('sql');
    if (missing.length > 0) showVerdict('error', `Missing ${missing.join(', ')}: the service will refuse it.`);
    else showVerdict('ok', 'The service checks the rest when you preview or create the query.');
    return true;
  }

  function showProblem(problem: Problem): void {
    let where = '';
    if (mode === 'sql') {
      where = sqlForm.showProblem(problem);
    } else if (problem.pointer !== undefined) {
      const text = editor.text();
      const mark = locatePointer(text, problem.pointer, problem.position);
      if (mark) {
        editor.markProblem(mark, problem.detail ?? problem.title ?? 'Refused');
        const { line, column } = lineColumn(text, mark.start);
        where = `line ${line}, column ${column}`;
      }
    }
    showVerdict('error',
      h('strong', { class: 'problem-title' }, problem.title ?? 'Refused'),
      problem.pointer ? h('code', { class: 'problem-pointer', 'data-pointer': problem.pointer }, problem.pointer) : null,
      where ? h('span', { class: 'problem-where' }, where) : null,
      problem.errorClass ? h('code', { class: 'problem-error-class' }, problem.errorClass) : null,
      h('span', { class: 'problem-detail' }, problem.detail ?? ''));
  }

  const refused = (error: unknown) => showProblem(error instanceof ProblemError ? error.problem
    : { title: 'Refused', detail: String(error) });

  select.addEventListener('change', () => load(select.value));
  for (const tab of tabs) tab.addEventListener('click', () => switchTo(tab.dataset.mode as Mode));
  previewButton.addEventListener('click', () => {
    const text = specText();
    if (text === null) return;
    previewButton.disabled = true;
    showVerdict('pending', 'Previewing…');
    replaceChildren(previewPanel, h('p', { class: 'hint' }, `Running the query for up to ${PREVIEW_SECONDS} s…`));
    api.preview(text, PREVIEW_BATCHES, PREVIEW_SECONDS).then((preview) => {
      renderPreview(previewPanel, preview);
      check();
    }, (error: unknown) => {
      previewPanel.replaceChildren();
      refused(error);
    }).finally(() => { previewButton.disabled = false; });
  });
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    const text = specText();
    if (text === null) return;
    submit.disabled = true;
    showVerdict('pending', 'Creating…');
    api.create(text).then((query) => {
      location.hash = `#/queries/${query.id}`;
    }, (error: unknown) => {
      submit.disabled = false;
      refused(error);
    });
  });

  load(templateId ?? TEMPLATES[0]?.id ?? '');
  showMode('sql');
  return () => {
    editor.view.destroy();
    sqlForm.dispose();
  };
}
