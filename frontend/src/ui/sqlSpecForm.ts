import { api, ProblemError } from '../api';
import { lineColumn, locatePointer, offsetOf, syntaxError, type TextRange } from '../jsonLocate';
import { SpecSchema } from '../specSchema';
import { catalogOf } from '../sql/catalog';
import { partOf, takesInterval, triggerChoiceOf, triggerOf, type TriggerChoice } from '../sql/specParts';
import type { Problem, QuerySpec, SqlFunction, SqlTable, StreamView } from '../types';
import { h } from './dom';
import { specEditor } from './specEditor';
import { sqlEditor } from './sqlEditor';

/** The spec the form composes, or why it cannot: a part that is not JSON. */
export type Composed = { spec: QuerySpec } | { error: string };

/**
 * A spec in SQL as the create form edits it: the statement in the SQL editor, its tables and its
 * sink each in a small JSON editor beside it, and the name, output mode, trigger and checkpoint
 * as fields. What the form does not show (engine, conf, restart) is kept from the spec it was
 * given. The statement's completion knows the streams, the tables' columns (asked of the service
 * as the tables change) and the engine's functions.
 */
export interface SqlSpecForm {
  readonly element: HTMLElement;
  compose(): Composed;
  setSpec(spec: QuerySpec): void;
  /** Marks the problem in the part its pointer names; returns where, in words, or '' for a part the form does not show. */
  showProblem(problem: Problem): string;
  dispose(): void;
}

const MODES = ['append', 'update', 'complete'];
const TRIGGERS: [TriggerChoice['kind'], string][] = [['processingTime', 'every'], ['default', 'as fast as possible'],
  ['availableNow', 'available now'], ['once', 'once'], ['realTime', 'real time, checkpoint every']];
const SCHEMA = SpecSchema.fromOpenApi();

export function sqlSpecForm(onChange: () => void): SqlSpecForm {
  const name = h('input', { id: 'spec-name', 'data-field': 'name', type: 'text', autocomplete: 'off', spellcheck: 'false' });
  const mode = h('select', { id: 'spec-output-mode', 'data-field': 'outputMode' },
    ...MODES.map((m) => h('option', { value: m }, m)));
  const triggerKind = h('select', { id: 'spec-trigger', 'data-field': 'trigger', 'aria-label': 'Trigger' },
    ...TRIGGERS.map(([value, label]) => h('option', { value }, label)));
  const interval = h('input', { id: 'spec-trigger-interval', 'data-field': 'trigger-interval', type: 'text',
    'aria-label': 'Trigger interval', placeholder: '4 seconds' });
  const checkpoint = h('input', { id: 'spec-checkpoint', 'data-field': 'checkpointLocation', type: 'text',
    placeholder: 'none: the query starts afresh each time', spellcheck: 'false' });
  const sqlFrame = h('div', { class: 'editor-frame sql-frame', id: 'sql' });
  const tablesFrame = h('div', { class: 'editor-frame small-frame', id: 'tables' });
  const sinkFrame = h('div', { class: 'editor-frame small-frame', id: 'sink' });
  const columnsNote = h('p', { class: 'hint', 'data-columns': '' });
  const element = h('div', { class: 'sql-form' },
    h('div', { class: 'field-row' }, h('label', { for: 'spec-name' }, 'Name'), name),
    h('div', { class: 'sql-columns' },
      h('div', { class: 'sql-main' }, h('label', {}, 'Statement (Spark SQL)'), sqlFrame,
        h('p', { class: 'hint' }, 'Ctrl-Space offers keywords, the tables and streams, their columns (after t. those of t) and '
          + 'the engine\'s functions.')),
      h('div', { class: 'sql-side' },
        h('label', {}, 'Tables'), tablesFrame, columnsNote,
        h('div', { class: 'field-row' }, h('label', { for: 'spec-output-mode' }, 'Output mode'), mode),
        h('div', { class: 'field-row' }, h('label', { for: 'spec-trigger' }, 'Trigger'), triggerKind, interval),
        h('label', {}, 'Sink'), sinkFrame,
        h('div', { class: 'field-row' }, h('label', { for: 'spec-checkpoint' }, 'Checkpoint'), checkpoint))));

  let kept: QuerySpec = { name: '', sink: { format: 'console' } };
  let specTables: SqlTable[] = [];
  let streams: StreamView[] = [];
  let functions: SqlFunction[] = [];
  let lookup = 0;
  let timer: number | undefined;
  const statement = sqlEditor(sqlFrame, 'SQL statement', onChange);
  const tables = specEditor(tablesFrame, 'Tables (JSON)', () => { onChange(); lookUpColumns(); }, SCHEMA.at(['tables']));
  const sink = specEditor(sinkFrame, 'Sink (JSON)', onChange, SCHEMA.at(['sink']));
  const fields = [name, mode, triggerKind, interval, checkpoint];
  const valid = (field: HTMLElement) => { field.removeAttribute('aria-invalid'); field.removeAttribute('title'); };
  for (const field of fields) field.addEventListener('input', () => { valid(field); onChange(); });
  triggerKind.addEventListener('change', () => { interval.hidden = !takesInterval(triggerKind.value); });

  const refreshCatalog = () => statement.setCatalog(catalogOf(specTables, streams, functions));
  api.streams().then((found) => { streams = found; refreshCatalog(); }, () => {});
  api.sqlFunctions().then((found) => { functions = found; refreshCatalog(); }, () => {});

  /** Asks the service for the tables' columns once the tables have not changed for a moment; the latest answer wins. */
  function lookUpColumns(): void {
    window.clearTimeout(timer);
    columnsNote.dataset.columns = 'asking';
    timer = window.setTimeout(() => {
      const text = tables.text();
      if (syntaxError(text)) {
        columnsNote.dataset.columns = 'unknown';
        return;
      }
      const asked = ++lookup;
      api.sqlTables(text).then((found) => {
        if (asked !== lookup) return;
        specTables = found;
        columnsNote.textContent = '';
        columnsNote.dataset.columns = 'known';
        refreshCatalog();
      }, (error: unknown) => {
        if (asked !== lookup) return;
        const problem = error instanceof ProblemError ? error.problem : {};
        columnsNote.dataset.columns = 'unknown';
        columnsNote.textContent = `Columns not known: ${problem.detail ?? problem.title ?? String(error)}`
          + (problem.pointer ? ` (${problem.pointer})` : '');
      });
    }, 400);
  }

  function parsed(label: string, text: string): { value: unknown } | { error: string } {
    const error = syntaxError(text);
    if (!error) return { value: JSON.parse(text) as unknown };
    const { line, column } = lineColumn(text, error.offset);
    return { error: `${label} is not JSON (line ${line}, column ${column}): ${error.message}` };
  }

  function compose(): Composed {
    const tablesValue = tables.text().trim() === '' ? { value: undefined } : parsed('Tables', tables.text());
    if ('error' in tablesValue) return tablesValue;
    const sinkValue = parsed('Sink', sink.text());
    if ('error' in sinkValue) return sinkValue;
    const spec: Record<string, unknown> = { ...kept, name: name.value, sql: statement.text() };
    // No tables (a statement over the event log's streams alone) is left out rather than sent as {}.
    const noTables = typeof tablesValue.value === 'object' && tablesValue.value !== null
      && Object.keys(tablesValue.value).length === 0;
    spec.tables = noTables ? undefined : tablesValue.value;
    spec.outputMode = mode.value;
    spec.trigger = triggerOf({ kind: triggerKind.value as TriggerChoice['kind'], interval: interval.value });
    spec.sink = sinkValue.value;
    spec.checkpointLocation = checkpoint.value.trim() === '' ? undefined : checkpoint.value;
    for (const key of Object.keys(spec)) if (spec[key] === undefined) delete spec[key];
    return { spec: spec as unknown as QuerySpec };
  }

  function setSpec(spec: QuerySpec): void {
    kept = spec;
    name.value = spec.name;
    statement.setText(spec.sql ?? '');
    tables.setText(JSON.stringify(spec.tables ?? {}, null, 2));
    mode.value = spec.outputMode?.toLowerCase() ?? 'append';
    const choice = triggerChoiceOf(spec.trigger);
    triggerKind.value = choice.kind;
    interval.value = choice.interval;
    interval.hidden = !takesInterval(choice.kind);
    sink.setText(JSON.stringify(spec.sink ?? {}, null, 2));
    checkpoint.value = spec.checkpointLocation ?? '';
    fields.forEach(valid);
    lookUpColumns();
  }

  function showProblem(problem: Problem): string {
    const message = problem.detail ?? problem.title ?? 'Refused';
    const { part, rest } = partOf(problem.pointer ?? '');
    if (part === 'sql') {
      const text = statement.text();
      const at = problem.line !== undefined && problem.column !== undefined ? offsetOf(text, problem.line, problem.column)
        : problem.position ?? 0;
      statement.markProblem(wordAt(text, at), message);
      const { line, column } = lineColumn(text, at);
      return `line ${line}, column ${column} of the statement`;
    }
    const editor = part === 'tables' ? tables : part === 'sink' ? sink : null;
    if (editor) {
      const mark = locatePointer(editor.text(), rest, problem.position);
      if (!mark) return '';
      editor.markProblem(mark, message);
      const { line, column } = lineColumn(editor.text(), mark.start);
      return `line ${line}, column ${column} of the ${part}`;
    }
    const field = { name, outputMode: mode, trigger: rest === '/processingTime' || rest === '/realTime' ? interval : triggerKind,
      checkpointLocation: checkpoint }[part as string];
    if (!field) return '';
    field.setAttribute('aria-invalid', 'true');
    field.title = message;
    field.focus();
    return `the ${part} field`;
  }

  return {
    element,
    compose,
    setSpec,
    showProblem,
    dispose() {
      window.clearTimeout(timer);
      lookup++;
      for (const editor of [statement, tables, sink]) editor.view.destroy();
    },
  };
}

/** The range of the word (a name, a number) that starts at `offset`, or its one character. */
function wordAt(text: string, offset: number): TextRange {
  const word = /^[\w$]+/.exec(text.slice(offset));
  return { start: offset, end: offset + Math.max(word?.[0].length ?? 1, 1) };
}
