import { autocompletion, closeBrackets, closeBracketsKeymap, completionKeymap, type CompletionContext,
  type CompletionResult } from '@codemirror/autocomplete';
import { defaultKeymap, history, historyKeymap, indentWithTab } from '@codemirror/commands';
import { json } from '@codemirror/lang-json';
import { bracketMatching, defaultHighlightStyle, foldGutter, foldKeymap, indentOnInput,
  syntaxHighlighting } from '@codemirror/language';
import { lintKeymap, type Diagnostic } from '@codemirror/lint';
import { EditorState } from '@codemirror/state';
import { drawSelection, EditorView, highlightActiveLine, highlightActiveLineGutter, keymap,
  lineNumbers } from '@codemirror/view';
import { syntaxError, type TextRange } from '../jsonLocate';
import { SpecSchema } from '../specSchema';
import { markProblem, problemMarks } from './editorProblem';

/** A JSON text in CodeMirror (a query spec, or a part of one): what the create form reads, fills and marks. */
export interface SpecEditor {
  readonly view: EditorView;
  text(): string;
  /** Replaces the whole text, as a template does. */
  setText(text: string): void;
  /** Marks where the service refused the text, until the text changes. */
  markProblem(range: TextRange, message: string): void;
}

/** Syntax errors as the user types. */
function jsonSyntax(view: EditorView): Diagnostic[] {
  const text = view.state.doc.toString();
  const error = syntaxError(text);
  if (!error) return [];
  const from = Math.min(error.offset, text.length);
  return [{ from, to: Math.min(from + Math.max(error.length, 1), text.length), severity: 'error', source: 'JSON',
    message: error.message }];
}

/** Completion from the spec's schema: the property names and values that fit where the cursor is. */
function completeFrom(schema: SpecSchema) {
  return (context: CompletionContext): CompletionResult | null => {
    const word = context.matchBefore(/"?[\w$.-]*/);
    if (!context.explicit && (!word || word.from === word.to)) return null;
    const suggestions = schema.suggestionsAt(context.state.doc.toString(), context.pos);
    if (suggestions.length === 0) return null;
    const from = word?.from ?? context.pos;
    // A quote the editor closed by itself is replaced with the rest of the name.
    const quoted = context.state.sliceDoc(from, from + 1) === '"';
    const to = quoted && context.state.sliceDoc(context.pos, context.pos + 1) === '"' ? context.pos + 1 : context.pos;
    return {
      from,
      to,
      options: suggestions.map((s) => ({
        label: s.text, displayLabel: s.label, info: s.detail, type: s.kind === 'property' ? 'property' : 'constant',
      })),
      validFor: /^"?[\w$.-]*$/,
    };
  };
}

/**
 * A JSON editor for a query spec, or the part of one that `schema` describes (CodeMirror 6):
 * line numbers, folding, bracket matching, undo, completion of the fields, steps, formats and
 * options from the spec's schema in the service's OpenAPI document (Ctrl-Space, or as you type),
 * syntax errors as you type, and the service's problem marked where it points.
 */
export function specEditor(parent: HTMLElement, label: string, onChange: (text: string) => void,
  schema: SpecSchema = SpecSchema.fromOpenApi()): SpecEditor {
  const view = new EditorView({
    parent,
    state: EditorState.create({
      extensions: [
        lineNumbers(), foldGutter(), highlightActiveLineGutter(), highlightActiveLine(),
        history(), drawSelection(), indentOnInput(), bracketMatching(), closeBrackets(),
        syntaxHighlighting(defaultHighlightStyle, { fallback: true }),
        json(),
        problemMarks(jsonSyntax),
        autocompletion({ override: [completeFrom(schema)] }),
        keymap.of([...closeBracketsKeymap, ...defaultKeymap, ...historyKeymap, ...foldKeymap, ...completionKeymap,
          ...lintKeymap, indentWithTab]),
        EditorView.contentAttributes.of({ 'aria-label': label, spellcheck: 'false', autocapitalize: 'off' }),
        EditorView.updateListener.of((update) => {
          if (update.docChanged) onChange(update.state.doc.toString());
        }),
      ],
    }),
  });

  return {
    view,
    text: () => view.state.doc.toString(),
    setText(text) {
      view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: text }, selection: { anchor: 0 } });
    },
    markProblem: (range, message) => markProblem(view, range, message),
  };
}
