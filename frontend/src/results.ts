import type { OutputMode, QuerySpec, RecentBatch, Row } from './types';

/** The spec's output mode as the chart knows it: append unless it names update or complete (in any case, as Spark reads it). */
export function outputModeOf(spec: QuerySpec): OutputMode {
  const mode = spec.outputMode?.toLowerCase();
  return mode === 'update' || mode === 'complete' ? mode : 'append';
}

/** One aggregate row of a windowed query: a bar from the window's start to its end. */
export interface WindowBar {
  /** Identity of the result row: the window and the values of the other grouping keys. */
  key: string;
  /** The values of the non-window grouping keys, joined; '' for a query grouped by window only. */
  group: string;
  start: number;
  end: number;
  values: Record<string, number>;
  /** Final: emitted in append mode, or the watermark has passed the window's end. */
  finalized: boolean;
  batchId: number;
}

/** Which columns of the result rows are the window, the other keys and the aggregates. */
export interface ResultShape {
  windowColumn: string | null;
  groupColumns: string[];
  measures: string[];
}

export interface WindowValue {
  start: string;
  end: string;
}

export function isWindowValue(value: unknown): value is WindowValue {
  return typeof value === 'object' && value !== null
    && typeof (value as WindowValue).start === 'string' && typeof (value as WindowValue).end === 'string';
}

const ALIAS = /\s+AS\s+`?([A-Za-z_][A-Za-z0-9_]*)`?\s*$/i;
const IDENTIFIER = /^`?([A-Za-z_][A-Za-z0-9_]*)`?$/;

/** The output column a groupBy key or aggregation expression names: its alias or a bare column. */
export function outputColumnOf(expression: string): string | null {
  const alias = ALIAS.exec(expression);
  if (alias) return alias[1] ?? null;
  const bare = IDENTIFIER.exec(expression.trim());
  return bare ? (bare[1] ?? null) : null;
}

/** The text after a statement's last GROUP BY. */
const SQL_GROUP_BY = /\bGROUP\s+BY\b(?![\s\S]*\bGROUP\s+BY\b)([\s\S]*)$/i;

/**
 * The keys of a statement's last GROUP BY (the outer one of a chained aggregation), each as
 * written: split at the commas outside parentheses and quotes, up to a parenthesis that closes
 * a subquery or the clause that follows (HAVING, ORDER BY, LIMIT).
 */
export function sqlGroupKeys(sql: string): string[] {
  const tail = SQL_GROUP_BY.exec(sql)?.[1];
  if (tail === undefined) return [];
  const items: string[] = [];
  let current = '';
  let depth = 0;
  let quote = '';
  for (const ch of tail) {
    if (quote) {
      if (ch === quote) quote = '';
    } else if (ch === "'" || ch === '"' || ch === '`') {
      quote = ch;
    } else if (ch === '(') {
      depth++;
    } else if (ch === ')' && depth-- === 0) {
      break;
    } else if (ch === ',' && depth === 0) {
      items.push(current);
      current = '';
      continue;
    }
    current += ch;
  }
  items.push(current.split(/\b(?:HAVING|ORDER\s+BY|LIMIT)\b/i)[0] ?? '');
  return items.map((item) => item.trim()).filter((item) => item !== '');
}

/**
 * The last groupBy of the spec, whose rows are the output (a chained aggregation has two); of a
 * spec in SQL, the keys of its last GROUP BY, its aggregates left to the rows' numbers.
 */
function groupByOf(spec: QuerySpec | undefined): { keys: string[]; aggregations: string[] } | null {
  if (spec?.sql) {
    const keys = sqlGroupKeys(spec.sql);
    return keys.length > 0 ? { keys, aggregations: [] } : null;
  }
  let found: { keys: string[]; aggregations: string[] } | null = null;
  for (const step of spec?.steps ?? []) {
    if (typeof step === 'object' && step !== null && 'groupBy' in step) {
      const groupBy = (step as { groupBy: { keys?: unknown; aggregations?: unknown } }).groupBy;
      const strings = (v: unknown) => (Array.isArray(v) ? v.filter((s): s is string => typeof s === 'string') : []);
      found = { keys: strings(groupBy.keys), aggregations: strings(groupBy.aggregations) };
    }
  }
  return found;
}

/**
 * How a query's results are drawn: `windows`, a bar per time window (`window(...)`); `sessions`,
 * a bar per session of each key (`session_window(...)`), as wide as the session; `rows`, the
 * output rows as they are, for a query without a window to chart (a join, a deduplication, an
 * aggregation by plain keys).
 */
export type ResultKind = 'windows' | 'sessions' | 'rows';

const SESSION_KEY = /^\s*session_window\s*\(/i;
const WINDOW_KEY = /^\s*window\s*\(/i;

export function resultKindOf(spec: QuerySpec | undefined): ResultKind {
  const keys = groupByOf(spec)?.keys ?? [];
  if (keys.some((k) => SESSION_KEY.test(k))) return 'sessions';
  return keys.some((k) => WINDOW_KEY.test(k)) ? 'windows' : 'rows';
}

/**
 * Finds the window column (values {start, end}), the grouping keys and the aggregates of result
 * rows. The spec's groupBy names the keys and the aggregates' aliases where it can; otherwise
 * numbers are aggregates and everything else is a key.
 */
export function inferShape(rows: Row[], spec?: QuerySpec): ResultShape {
  const columns: string[] = [];
  for (const row of rows) for (const c of Object.keys(row)) if (!columns.includes(c)) columns.push(c);
  const windowColumn = columns.find((c) => rows.some((r) => isWindowValue(r[c]))) ?? null;
  const groupBy = groupByOf(spec);
  const specKeys = (groupBy?.keys ?? []).map(outputColumnOf).filter((c): c is string => c !== null && columns.includes(c));
  const specMeasures = (groupBy?.aggregations ?? []).map(outputColumnOf)
    .filter((c): c is string => c !== null && columns.includes(c));
  const numeric = (c: string) => rows.some((r) => typeof r[c] === 'number');
  const measures = specMeasures.length > 0
    ? specMeasures
    : columns.filter((c) => c !== windowColumn && !specKeys.includes(c) && numeric(c));
  const groupColumns = columns.filter((c) => c !== windowColumn && !measures.includes(c));
  return { windowColumn, groupColumns, measures };
}

/**
 * The results chart's data: one bar per result row of a windowed aggregation. In append mode
 * every batch brings new finalized windows; in update mode a batch brings the changed rows,
 * which replace their earlier values in place; in complete mode a batch is the whole result.
 * Batches may come out of order (history fetched after live batches): a row never replaces one
 * of a later batch, nor a complete result a later one. Only the latest {@link maxWindows}
 * windows are kept.
 */
export class ResultSeries {
  private readonly bars = new Map<string, WindowBar>();
  private shapeOfRows: ResultShape | null = null;
  private watermarkMs: number | null = null;
  private completeBatchId = -1;

  constructor(
    readonly mode: OutputMode,
    private readonly spec?: QuerySpec,
    private readonly maxWindows = 240,
  ) {}

  get shape(): ResultShape | null {
    return this.shapeOfRows;
  }

  /** Merges one batch's rows; true when the series changed. */
  applyBatch(batch: Pick<RecentBatch, 'batchId' | 'rows'>): boolean {
    if (batch.rows.length === 0 && this.mode !== 'complete') return false;
    if (this.shapeOfRows === null || this.shapeOfRows.windowColumn === null) {
      if (batch.rows.length > 0) this.shapeOfRows = inferShape(batch.rows, this.spec);
    }
    const shape = this.shapeOfRows;
    if (shape === null || shape.windowColumn === null) return false;
    if (this.mode === 'complete') {
      if (batch.batchId < this.completeBatchId) return false;
      this.completeBatchId = batch.batchId;
      this.bars.clear();
    }
    for (const row of batch.rows) {
      const window = row[shape.windowColumn];
      if (!isWindowValue(window)) continue;
      const start = Date.parse(window.start);
      const end = Date.parse(window.end);
      if (Number.isNaN(start) || Number.isNaN(end)) continue;
      const group = shape.groupColumns.map((c) => formatKey(row[c])).join(' · ');
      const values: Record<string, number> = {};
      for (const m of shape.measures) {
        const v = row[m];
        if (typeof v === 'number') values[m] = v;
      }
      const key = `${start}|${end}|${group}`;
      if ((this.bars.get(key)?.batchId ?? -1) > batch.batchId) continue;
      const finalized = this.mode === 'append' || (this.watermarkMs !== null && end <= this.watermarkMs);
      this.bars.set(key, { key, group, start, end, values, finalized, batchId: batch.batchId });
    }
    this.trim();
    return true;
  }

  /** In update and complete mode a window is final once the watermark reaches its end. */
  setWatermark(watermarkMs: number | null): boolean {
    this.watermarkMs = watermarkMs;
    if (this.mode === 'append' || watermarkMs === null) return false;
    let changed = false;
    for (const bar of this.bars.values()) {
      const finalized = bar.end <= watermarkMs;
      if (finalized !== bar.finalized) {
        bar.finalized = finalized;
        changed = true;
      }
    }
    return changed;
  }

  /** The bars ordered by window start, then group. */
  list(): WindowBar[] {
    return [...this.bars.values()].sort((a, b) => a.start - b.start || a.end - b.end || a.group.localeCompare(b.group));
  }

  groups(): string[] {
    return [...new Set(this.list().map((b) => b.group))].sort();
  }

  get size(): number {
    return this.bars.size;
  }

  private trim(): void {
    const starts = [...new Set([...this.bars.values()].map((b) => b.start))].sort((a, b) => a - b);
    if (starts.length <= this.maxWindows) return;
    const cutoff = starts[starts.length - this.maxWindows] ?? Number.NEGATIVE_INFINITY;
    for (const [key, bar] of this.bars) if (bar.start < cutoff) this.bars.delete(key);
  }
}

function formatKey(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}
