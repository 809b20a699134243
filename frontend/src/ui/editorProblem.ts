import { forceLinting, linter, lintGutter, type Diagnostic } from '@codemirror/lint';
import { StateEffect, StateField, type Extension } from '@codemirror/state';
import { EditorView } from '@codemirror/view';
import type { TextRange } from '../jsonLocate';

/**
 * The service's refusal of an editor's text, marked where the problem points (in the text and
 * the gutter, its detail on hover) until the text changes; beside it, what the editor finds
 * itself as the user types (JSON syntax errors). Shared by the spec's JSON editors and the SQL
 * editor.
 */
const setProblem = StateEffect.define<Diagnostic | null>();
const problem = StateField.define<Diagnostic | null>({
  create: () => null,
  update: (value, transaction) => {
    for (const effect of transaction.effects) if (effect.is(setProblem)) return effect.value;
    return transaction.docChanged ? null : value;
  },
});

/** The lint gutter and a linter of `local` diagnostics and the service's problem. */
export function problemMarks(local: (view: EditorView) => Diagnostic[] = () => []): Extension[] {
  return [
    lintGutter(),
    problem,
    linter((view) => {
      const refused = view.state.field(problem);
      return refused ? [...local(view), refused] : local(view);
    }, {
      delay: 300,
      needsRefresh: (update) => update.transactions.some((t) => t.effects.some((e) => e.is(setProblem))),
    }),
  ];
}

/** Marks `range` of the view's text as refused with `message`, selects it and scrolls it into view. */
export function markProblem(view: EditorView, range: TextRange, message: string): void {
  const length = view.state.doc.length;
  const from = Math.min(range.start, length);
  const to = Math.min(Math.max(range.end, from + 1), length);
  view.dispatch({
    effects: [setProblem.of({ from, to, severity: 'error', source: 'Arus', message }),
      EditorView.scrollIntoView(from, { y: 'center' })],
    selection: { anchor: from, head: to },
  });
  forceLinting(view);
  view.focus();
}
