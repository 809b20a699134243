import type { ResultView } from './types';

/** The rows of a result page when no more are asked for. */
export const RESULT_ROWS = 50;

/** Whether a query in `outputMode` has a result by key to show: update and complete mode replace rows, append never does. */
export function materializes(outputMode: string): boolean {
  return outputMode === 'update' || outputMode === 'complete';
}

/** A result page as a table: a column per leaf field of the rows (`window.start`, `window.end`), key columns first. */
export function resultTable(view: ResultView): { columns: string[]; keyColumns: string[]; rows: Record<string, unknown>[] } {
  const columns: string[] = [];
  const rows = view.rows.map((row) => {
    const flat: Record<string, unknown> = {};
    for (const [name, value] of Object.entries(row)) flatten(flat, name, value);
    for (const c of Object.keys(flat)) if (!columns.includes(c)) columns.push(c);
    return flat;
  });
  const isKey = (c: string) => view.keyColumns.some((k) => c === k || c.startsWith(`${k}.`));
  const keyColumns = columns.filter(isKey);
  return { columns: [...keyColumns, ...columns.filter((c) => !isKey(c))], keyColumns, rows };
}

function flatten(into: Record<string, unknown>, prefix: string, value: unknown): void {
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    for (const [name, inner] of Object.entries(value)) flatten(into, `${prefix}.${name}`, inner);
  } else {
    into[prefix] = value;
  }
}

/**
 * What a result page holds, in words: the batch it reflects, the rows matching the lookup among
 * the keys held, and when the bound on the keys left rows out, how many.
 */
export function resultSummary(view: ResultView, lookup: boolean): string {
  if (view.batchId === null || view.batchId === undefined) return 'no batch written since the service holds the query';
  const keys = `${view.numKeys} key${view.numKeys === 1 ? '' : 's'}`;
  const shown = view.rows.length < view.numRows ? `, the first ${view.rows.length} shown` : '';
  const held = lookup ? `${view.numRows} of ${keys} match${shown}` : `${keys}${shown}`;
  const since = view.sinceBatchId !== null && view.sinceBatchId !== undefined && view.sinceBatchId > 0
    && view.outputMode === 'update' ? ` · written since batch ${view.sinceBatchId}` : '';
  const cut = view.truncated ? ` · ${view.omittedRows} row${view.omittedRows === 1 ? '' : 's'} left out: more keys than `
    + `the ${view.maxKeys} kept (arus.live.result-max-keys)` : '';
  return `batch ${view.batchId}: ${held}${since}${cut}`;
}
