import type { StateRowsView, StateStoreView } from './types';

/**
 * A stateful operator as the State section lists it: the stores the state endpoint gives a row
 * each (a stream-stream join keeps four) folded into one, with its batch range and rows.
 */
export interface StateOperatorEntry {
  operatorId: number;
  operatorName: string;
  stores: string[];
  numPartitions: number;
  minBatchId: number;
  maxBatchId: number;
  numRowsTotal: number;
  /** A stream-stream join, read a side at a time. */
  join: boolean;
}

export type JoinSide = 'left' | 'right';

/** What to read of one operator's state: a page of its rows at a batch, filtered by key. */
export interface StateRead {
  operatorId: number;
  /** A committed batch; null: the last. */
  batchId: number | null;
  /** `field=value` filters on the key, as the rows show its fields. */
  keys: string[];
  limit: number;
  /** The page token of the page to read; null: the first. */
  after: string | null;
  joinSide: JoinSide | null;
}

/** The operators of the state endpoint's rows, in its order, their stores together. */
export function stateOperators(stores: StateStoreView[]): StateOperatorEntry[] {
  const byId = new Map<number, StateOperatorEntry>();
  for (const s of stores) {
    const known = byId.get(s.operatorId);
    if (known) {
      known.stores.push(s.stateStoreName);
      continue;
    }
    byId.set(s.operatorId, {
      operatorId: s.operatorId, operatorName: s.operatorName, stores: [s.stateStoreName],
      numPartitions: s.numPartitions, minBatchId: s.minBatchId, maxBatchId: s.maxBatchId,
      numRowsTotal: s.numRowsTotal, join: s.operatorName === 'symmetricHashJoin',
    });
  }
  return [...byId.values()];
}

/** The query string's parameters that read `read` (its path names the query and the operator), leaving out what is not chosen. */
export function stateReadQuery(read: StateRead): { batchId?: number; key?: string[]; limit: number; after?: string; joinSide?: string } {
  return {
    ...(read.batchId !== null ? { batchId: read.batchId } : {}),
    ...(read.keys.length > 0 ? { key: read.keys } : {}),
    limit: read.limit,
    ...(read.after !== null ? { after: read.after } : {}),
    ...(read.joinSide !== null ? { joinSide: read.joinSide } : {}),
  };
}

/** A key search as typed: `field=value` terms separated by commas, or the term it cannot read. */
export type KeyFilter = { keys: string[] } | { error: string };

export function parseKeyFilter(text: string): KeyFilter {
  const keys: string[] = [];
  for (const raw of text.split(',')) {
    const term = raw.trim();
    if (term === '') continue;
    const eq = term.indexOf('=');
    if (eq <= 0) return { error: `"${term}" is not field=value` };
    keys.push(`${term.slice(0, eq).trim()}=${term.slice(eq + 1).trim()}`);
  }
  return { keys };
}

/**
 * A batch as typed into the picker: a committed batch of the operator's range, or null (the last)
 * when left empty; anything else is the reason it cannot be read.
 */
export function pickBatch(text: string, op: StateOperatorEntry): number | null | { error: string } {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  const batch = Number(trimmed);
  if (!Number.isInteger(batch) || batch < op.minBatchId || batch > op.maxBatchId) {
    return { error: `batch ${trimmed} is not between ${op.minBatchId} and ${op.maxBatchId}` };
  }
  return batch;
}

/** State rows as a table: a column per leaf field of the keys and values (`key.window.start`), then the partition. */
export interface StateTable {
  columns: string[];
  rows: Record<string, unknown>[];
}

export function stateTable(page: StateRowsView): StateTable {
  const columns: string[] = [];
  const rows = page.rows.map((row) => {
    const flat: Record<string, unknown> = {};
    flatten(flat, 'key', row.key);
    flatten(flat, 'value', row.value);
    if ('partition_id' in row) flat.partition_id = row.partition_id;
    for (const c of Object.keys(flat)) if (!columns.includes(c)) columns.push(c);
    return flat;
  });
  return { columns, rows };
}

function flatten(into: Record<string, unknown>, prefix: string, value: unknown): void {
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    for (const [name, inner] of Object.entries(value)) flatten(into, `${prefix}.${name}`, inner);
  } else {
    into[prefix] = value;
  }
}

/**
 * The pages read so far of one batch's rows: where the current page starts, so that the previous
 * one can be read again; reading at another batch, key or side starts at the first page.
 */
export class StatePager {
  private readonly starts: (string | null)[] = [null];

  /** The page token of the current page. */
  get after(): string | null {
    return this.starts[this.starts.length - 1] ?? null;
  }

  /** The 1-based number of the current page. */
  get page(): number {
    return this.starts.length;
  }

  get hasPrevious(): boolean {
    return this.starts.length > 1;
  }

  next(nextPage: string): void {
    this.starts.push(nextPage);
  }

  previous(): void {
    if (this.hasPrevious) this.starts.pop();
  }

  reset(): void {
    this.starts.length = 1;
  }
}
