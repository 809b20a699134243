import { autocompletion, closeBrackets, closeBracketsKeymap, completionKeymap, type CompletionContext,
  type CompletionResult, type CompletionSource } from '@codemirror/autocomplete';
import { defaultKeymap, history, historyKeymap, indentWithTab } from '@codemirror/commands';
import { keywordCompletionSource, schemaCompletionSource, sql } from '@codemirror/lang-sql';
import { bracketMatching, defaultHighlightStyle, indentOnInput, syntaxHighlighting } from '@codemirror/language';
import { lintKeymap } from '@codemirror/lint';
import { EditorState, StateEffect, StateField } from '@codemirror/state';
import { drawSelection, EditorView, highlightActiveLine, highlightActiveLineGutter, keymap,
  lineNumbers } from '@codemirror/view';
import type { TextRange } from '../jsonLocate';
import { columnsInScope, EMPTY_CATALOG, functionCompletions, namespaceOf, type SqlCatalog } from '../sql/catalog';
import { SparkSQL } from '../sql/sparkDialect';
import { markProblem, problemMarks } from './editorProblem';

/** A spec's statement in CodeMirror: what the create form reads, fills, completes and marks. */
export interface SqlEditor {
  readonly view: EditorView;
  text(): string;
  setText(text: string): void;
  /** What completion offers from now on: tables, their columns, functions. */
  setCatalog(catalog: SqlCatalog): void;
  /** Marks where the service refused the statement, until it changes. */
  markProblem(range: TextRange, message: string): void;
}

const setCatalog = StateEffect.define<SqlCatalog>();
const catalogField = StateField.define<SqlCatalog>({
  create: () => EMPTY_CATALOG,
  update: (value, transaction) => {
    for (const effect of transaction.effects) if (effect.is(setCatalog)) return effect.value;
    return value;
  },
});

/** Tables and `table.column`, by CodeMirror's SQL completion over the catalog of the moment. */
function tablesAndQualifiedColumns(): CompletionSource {
  let made: { catalog: SqlCatalog; source: CompletionSource } | null = null;
  return (context) => {
    const catalog = context.state.field(catalogField);
    if (made?.catalog !== catalog) {
      made = { catalog, source: schemaCompletionSource({ dialect: SparkSQL, schema: namespaceOf(catalog) }) };
    }
    return made.source(context);
  };
}

/** Functions, and the columns the statement may name unqualified, at a word that does not follow a dot. */
function functionsAndColumns(context: CompletionContext): CompletionResult | null {
  const word = context.matchBefore(/[A-Za-z_][\w]*/);
  if (!context.explicit && !word) return null;
  const from = word?.from ?? context.pos;
  if (context.state.sliceDoc(from - 1, from) === '.') return null;
  const catalog = context.state.field(catalogField);
  return {
    from,
    options: [...columnsInScope(context.state.doc.toString(), catalog).map((c) => ({ ...c, boost: 2 })),
      ...functionCompletions(catalog)],
    validFor: /^[A-Za-z_][\w]*$/,
  };
}

/**
 * A Spark SQL editor (CodeMirror 6 with its SQL language in Spark's dialect): line numbers,
 * bracket matching, undo, and completion (as you type, or Ctrl-Space) of Spark's keywords, the
 * tables of the spec and the event log's streams, their columns (`t.` offers `t`'s), the columns
 * of the tables the statement names, the names it gives with AS, and the engine's functions; the
 * service's refusal is marked at its line and column.
 */
export function sqlEditor(parent: HTMLElement, label: string, onChange: (text: string) => void): SqlEditor {
  const view = new EditorView({
    parent,
    state: EditorState.create({
      extensions: [
        lineNumbers(), highlightActiveLineGutter(), highlightActiveLine(), history(), drawSelection(),
        indentOnInput(), bracketMatching(), closeBrackets(),
        syntaxHighlighting(defaultHighlightStyle, { fallback: true }),
        sql({ dialect: SparkSQL, upperCaseKeywords: true }),
        catalogField,
        problemMarks(),
        autocompletion({ override: [tablesAndQualifiedColumns(), functionsAndColumns,
          keywordCompletionSource(SparkSQL, true)] }),
        keymap.of([...closeBracketsKeymap, ...defaultKeymap, ...historyKeymap, ...completionKeymap, ...lintKeymap,
          indentWithTab]),
        EditorView.lineWrapping,
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
    setCatalog: (catalog) => view.dispatch({ effects: setCatalog.of(catalog) }),
    markProblem: (range, message) => markProblem(view, range, message),
  };
}
