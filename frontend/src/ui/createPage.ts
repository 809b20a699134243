import { api, ProblemError } from '../api';
import { lineColumn, locatePointer, offsetOf, parseErrorOffset, type TextRange } from '../jsonLocate';
import { TEMPLATES, templateText } from '../templates';
import type { Problem } from '../types';
import { h, replaceChildren } from './dom';

/**
 * The create form: a JSON editor (a textarea over a highlight layer, with line numbers) filled
 * from a template. Syntax is checked as the user types; the server's verdict is shown at the
 * field its problem's pointer names, at the expression position where it gives one.
 */
export function renderCreatePage(root: HTMLElement, templateId: string | null): () => void {
  const select = h('select', { id: 'template', 'data-field': 'template' },
    ...TEMPLATES.map((t) => h('option', { value: t.id }, t.label)));
  const describe = h('p', { class: 'hint template-describe' });
  const gutter = h('div', { class: 'gutter', 'aria-hidden': 'true' });
  const backdrop = h('pre', { class: 'backdrop', 'aria-hidden': 'true' });
  const editor = h('textarea', { class: 'editor', id: 'spec', spellcheck: 'false', 'aria-label': 'Query spec (JSON)',
    autocomplete: 'off', autocapitalize: 'off', wrap: 'off' });
  const verdict = h('div', { class: 'verdict', role: 'status', 'data-verdict': 'ok' });
  const submit = h('button', { class: 'btn btn-primary', type: 'submit', 'data-action': 'create' }, 'Create and start');
  const form = h('form', { class: 'create-form', novalidate: true },
    h('div', { class: 'template-row' }, h('label', { for: 'template' }, 'Template'), select),
    describe,
    h('div', { class: 'editor-frame' }, gutter, h('div', { class: 'editor-layers' }, backdrop, editor)),
    verdict,
    h('div', { class: 'form-actions' }, submit,
      h('span', { class: 'hint' }, 'Steps, sources, sinks and triggers: see the README, "Create a query".')));
  replaceChildren(root, h('section', { class: 'page-head' }, h('h1', {}, 'New query')), h('section', { class: 'card' }, form));

  let mark: TextRange | null = null;

  function load(id: string): void {
    const template = TEMPLATES.find((t) => t.id === id) ?? TEMPLATES[0];
    if (!template) return;
    select.value = template.id;
    describe.textContent = template.describe;
    editor.value = templateText(template, Date.now());
    check();
  }

  function paint(): void {
    const text = editor.value;
    const lines = text.split('\n').length;
    const errorLine = mark ? lineColumn(text, mark.start).line : -1;
    replaceChildren(gutter, ...Array.from({ length: lines }, (_, i) =>
      h('span', { class: i + 1 === errorLine ? 'error-line' : '' }, String(i + 1))));
    if (mark) {
      const end = Math.max(mark.end, mark.start + 1);
      replaceChildren(backdrop, text.slice(0, mark.start), h('mark', {}, text.slice(mark.start, end) || ' '), text.slice(end), '\n');
    } else {
      replaceChildren(backdrop, text, '\n');
    }
    syncScroll();
  }

  function syncScroll(): void {
    backdrop.scrollTop = editor.scrollTop;
    backdrop.scrollLeft = editor.scrollLeft;
    gutter.scrollTop = editor.scrollTop;
  }

  function showVerdict(kind: 'ok' | 'error' | 'pending', ...parts: (string | Node | null)[]): void {
    verdict.dataset.verdict = kind;
    replaceChildren(verdict, ...parts);
  }

  /** Client-side: is it JSON, and an object with the required fields? */
  function check(): boolean {
    const text = editor.value;
    mark = null;
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch (e) {
      const message = e instanceof Error ? e.message : String(e);
      const at = parseErrorOffset(text, message) ?? text.length;
      mark = { start: Math.min(at, Math.max(0, text.length - 1)), end: Math.min(at + 1, text.length) };
      const { line, column } = lineColumn(text, at);
      showVerdict('error', h('strong', {}, `Not JSON (line ${line}, column ${column}): `), message);
      submit.disabled = true;
      paint();
      return false;
    }
    const missing = ['name', 'source', 'sink'].filter((f) => typeof value !== 'object' || value === null || !(f in value));
    submit.disabled = false;
    if (missing.length > 0) showVerdict('error', `Missing ${missing.join(', ')}: the service will refuse it.`);
    else showVerdict('ok', 'Valid JSON. The service checks the rest when you create the query.');
    paint();
    return true;
  }

  function showProblem(problem: Problem): void {
    const text = editor.value;
    let where = '';
    mark = null;
    if (problem.pointer !== undefined) {
      mark = locatePointer(text, problem.pointer, problem.position);
    } else if (problem.line !== undefined && problem.column !== undefined) {
      const offset = offsetOf(text, problem.line, problem.column);
      mark = { start: offset, end: offset + 1 };
    }
    if (mark) {
      const { line, column } = lineColumn(text, mark.start);
      where = `line ${line}, column ${column}`;
      editor.focus();
      editor.setSelectionRange(mark.start, Math.max(mark.end, mark.start));
      const lineHeight = parseFloat(getComputedStyle(editor).lineHeight) || 20;
      editor.scrollTop = Math.max(0, (line - 4) * lineHeight);
    }
    showVerdict('error',
      h('strong', { class: 'problem-title' }, problem.title ?? 'Refused'),
      problem.pointer ? h('code', { class: 'problem-pointer', 'data-pointer': problem.pointer }, problem.pointer) : null,
      where ? h('span', { class: 'problem-where' }, where) : null,
      h('span', { class: 'problem-detail' }, problem.detail ?? ''));
    paint();
  }

  select.addEventListener('change', () => load(select.value));
  editor.addEventListener('input', () => check());
  editor.addEventListener('scroll', syncScroll);
  editor.addEventListener('keydown', (e) => {
    if (e.key === 'Tab' && !e.shiftKey) {
      e.preventDefault();
      editor.setRangeText('  ', editor.selectionStart, editor.selectionEnd, 'end');
      check();
    }
  });
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    if (!check()) return;
    submit.disabled = true;
    showVerdict('pending', 'Creating…');
    api.create(editor.value).then((query) => {
      location.hash = `#/queries/${query.id}`;
    }, (error: unknown) => {
      submit.disabled = false;
      showProblem(error instanceof ProblemError ? error.problem : { title: 'Refused', detail: String(error) });
    });
  });

  load(templateId ?? TEMPLATES[0]?.id ?? '');
  return () => {};
}
