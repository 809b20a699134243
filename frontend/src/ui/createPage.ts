import { api, ProblemError } from '../api';
import { lineColumn, locatePointer, offsetOf, syntaxError, type TextRange } from '../jsonLocate';
import { TEMPLATES, templateText } from '../templates';
import type { Problem } from '../types';
import { h, replaceChildren } from './dom';
import { specEditor } from './specEditor';

/**
 * The create form: the spec in a JSON editor (see {@link specEditor}) filled from a template.
 * Syntax is checked as the user types; the service's verdict is marked at the field its problem's
 * pointer names, at the expression position where it gives one.
 */
export function renderCreatePage(root: HTMLElement, templateId: string | null): () => void {
  const select = h('select', { id: 'template', 'data-field': 'template' },
    ...TEMPLATES.map((t) => h('option', { value: t.id }, t.label)));
  const describe = h('p', { class: 'hint template-describe' });
  const frame = h('div', { class: 'editor-frame', id: 'spec' });
  const verdict = h('div', { class: 'verdict', role: 'status', 'data-verdict': 'ok' });
  const submit = h('button', { class: 'btn btn-primary', type: 'submit', 'data-action': 'create' }, 'Create and start');
  const form = h('form', { class: 'create-form', novalidate: true },
    h('div', { class: 'template-row' }, h('label', { for: 'template' }, 'Template'), select),
    describe,
    frame,
    verdict,
    h('div', { class: 'form-actions' }, submit,
      h('span', { class: 'hint' }, 'Ctrl-Space offers the fields, steps, formats and options that fit where the cursor is.')));
  replaceChildren(root, h('section', { class: 'page-head' }, h('h1', {}, 'New query')), h('section', { class: 'card' }, form));
  const editor = specEditor(frame, 'Query spec (JSON)', () => check());

  function load(id: string): void {
    const template = TEMPLATES.find((t) => t.id === id) ?? TEMPLATES[0];
    if (!template) return;
    select.value = template.id;
    describe.textContent = template.describe;
    editor.setText(templateText(template, Date.now()));
  }

  function showVerdict(kind: 'ok' | 'error' | 'pending', ...parts: (string | Node | null)[]): void {
    verdict.dataset.verdict = kind;
    replaceChildren(verdict, ...parts);
  }

  /** Client-side: is it JSON, and an object with the required fields? */
  function check(): boolean {
    const text = editor.text();
    const error = syntaxError(text);
    if (error) {
      const { line, column } = lineColumn(text, error.offset);
      showVerdict('error', h('strong', {}, `Not JSON (line ${line}, column ${column}): `), error.message);
      submit.disabled = true;
      return false;
    }
    const value: unknown = JSON.parse(text);
    const missing = ['name', 'source', 'sink'].filter((f) => typeof value !== 'object' || value === null || !(f in value));
    submit.disabled = false;
    if (missing.length > 0) showVerdict('error', `Missing ${missing.join(', ')}: the service will refuse it.`);
    else showVerdict('ok', 'Valid JSON. The service checks the rest when you create the query.');
    return true;
  }

  function showProblem(problem: Problem): void {
    const text = editor.text();
    let mark: TextRange | null = null;
    if (problem.pointer !== undefined) {
      mark = locatePointer(text, problem.pointer, problem.position);
    } else if (problem.line !== undefined && problem.column !== undefined) {
      const offset = offsetOf(text, problem.line, problem.column);
      mark = { start: offset, end: offset + 1 };
    }
    let where = '';
    if (mark) {
      const { line, column } = lineColumn(text, mark.start);
      where = `line ${line}, column ${column}`;
      editor.markProblem(mark, problem.detail ?? problem.title ?? 'Refused');
    }
    showVerdict('error',
      h('strong', { class: 'problem-title' }, problem.title ?? 'Refused'),
      problem.pointer ? h('code', { class: 'problem-pointer', 'data-pointer': problem.pointer }, problem.pointer) : null,
      where ? h('span', { class: 'problem-where' }, where) : null,
      h('span', { class: 'problem-detail' }, problem.detail ?? ''));
  }

  select.addEventListener('change', () => load(select.value));
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    if (!check()) return;
    submit.disabled = true;
    showVerdict('pending', 'Creating…');
    api.create(editor.text()).then((query) => {
      location.hash = `#/queries/${query.id}`;
    }, (error: unknown) => {
      submit.disabled = false;
      showProblem(error instanceof ProblemError ? error.problem : { title: 'Refused', detail: String(error) });
    });
  });

  load(templateId ?? TEMPLATES[0]?.id ?? '');
  return () => editor.view.destroy();
}
