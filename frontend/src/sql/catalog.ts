import type { Completion } from '@codemirror/autocomplete';
import type { SQLNamespace } from '@codemirror/lang-sql';
import type { SqlFunction, SqlTable, StreamView } from '../types';
import { TYPES } from './sparkDialect';

/**
 * What a statement may name, as the editor completes it: the spec's tables (their columns from
 * POST /api/sql/tables), the event log's streams (GET /api/streams), and the engine's functions
 * (GET /api/sql/functions). A spec's table of a stream's name wins over the stream, as the
 * service resolves them.
 */
export interface SqlCatalog {
  readonly tables: readonly CatalogTable[];
  readonly functions: readonly SqlFunction[];
}

export interface CatalogTable {
  name: string;
  /** `stream` for a stream of the spec's tables, `static` for a static table, `log` for an event-log stream. */
  kind: 'stream' | 'static' | 'log';
  columns: readonly { name: string; type: string }[];
}

export const EMPTY_CATALOG: SqlCatalog = { tables: [], functions: [] };

const KIND_LABELS: Record<CatalogTable['kind'], string> = {
  stream: 'stream (tables)', static: 'static table (tables)', log: 'event-log stream',
};

/** The spec's tables first, then the streams no table of the spec shadows (names in any case). */
export function catalogOf(specTables: readonly SqlTable[], streams: readonly StreamView[],
  functions: readonly SqlFunction[]): SqlCatalog {
  const tables: CatalogTable[] = specTables.map((t) => ({
    name: t.name, kind: t.static ? 'static' : 'stream', columns: t.columns.map(({ name, type }) => ({ name, type })),
  }));
  const taken = new Set(tables.map((t) => t.name.toLowerCase()));
  for (const stream of streams) {
    if (taken.has(stream.name.toLowerCase()) || !stream.columns) continue;
    tables.push({ name: stream.name, kind: 'log', columns: stream.columns.map(({ name, type }) => ({ name, type })) });
  }
  return { tables, functions };
}

function columnCompletion(column: { name: string; type: string }, table: string): Completion {
  return { label: column.name, type: 'property', detail: `${column.type} · ${table}` };
}

/** The tables and their columns as CodeMirror's SQL completion takes them: `t` and `t.column`. */
export function namespaceOf(catalog: SqlCatalog): SQLNamespace {
  const namespace: Record<string, SQLNamespace> = {};
  for (const table of catalog.tables) {
    namespace[table.name] = {
      self: { label: table.name, type: 'type', detail: KIND_LABELS[table.kind] },
      children: table.columns.map((c) => columnCompletion(c, table.name)),
    };
  }
  return namespace;
}

/** Each function, completed with its opening parenthesis. */
export function functionCompletions(catalog: SqlCatalog): Completion[] {
  return catalog.functions.map((f) => ({ label: f.name, type: 'function', detail: f.kind, apply: `${f.name}(` }));
}

/**
 * The columns a statement may name without a qualifier: those of each table it names (a word of
 * the statement outside quotes that is a table's name), and the names it gives with AS (a
 * WATERMARK clause's event-time column, a select item's alias; not a CAST's type).
 */
export function columnsInScope(sql: string, catalog: SqlCatalog): Completion[] {
  const words = new Set(wordsOf(sql).map((w) => w.toLowerCase()));
  const found = new Map<string, Completion>();
  for (const table of catalog.tables) {
    if (!words.has(table.name.toLowerCase())) continue;
    for (const column of table.columns) if (!found.has(column.name)) found.set(column.name, columnCompletion(column, table.name));
  }
  for (const match of withoutQuoted(sql).matchAll(/\bAS\s+([A-Za-z_][A-Za-z0-9_]*)/gi)) {
    const name = match[1];
    if (name && !found.has(name) && !TYPES.includes(name.toLowerCase())
      && !catalog.tables.some((t) => t.name.toLowerCase() === name.toLowerCase())) {
      found.set(name, { label: name, type: 'variable', detail: 'named in this statement' });
    }
  }
  return [...found.values()];
}

/** The statement with its string literals, quoted identifiers and comments blanked out. */
function withoutQuoted(sql: string): string {
  return sql.replace(/'(?:\\.|[^'\\])*'?|"(?:\\.|[^"\\])*"?|`[^`]*`?|--[^\n]*|\/\*[\s\S]*?(?:\*\/|$)/g,
    (quoted) => ' '.repeat(quoted.length));
}

function wordsOf(sql: string): string[] {
  return withoutQuoted(sql).match(/[A-Za-z_][A-Za-z0-9_]*/g) ?? [];
}
