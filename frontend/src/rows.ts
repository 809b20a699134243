import { markersOf } from './timeline';
import type { ProgressView, RecentBatch, Row } from './types';

/** One output row of a recent batch, with the watermark the batch ran with. */
export interface RecentRow {
  batchId: number;
  /** The batch's watermark (from its progress); null before the first one is set or when unknown. */
  watermark: number | null;
  row: Row;
}

/** The rows table of a query without a window to chart: its latest output rows, newest batch first. */
export interface RowTable {
  /** Every column of the rows shown, in the order they first appear. */
  columns: string[];
  rows: RecentRow[];
  /** Rows of the batches shown that are not in the table: beyond the limit, or left out by the service. */
  omitted: number;
}

/**
 * The latest `limit` output rows of `batches` (newest first, as the live model keeps them), each
 * with its batch's watermark from `progress`. A batch's rows keep their order; a batch that only
 * partly fits is cut, and what is cut is counted in `omitted` with what the service left out.
 */
export function recentRows(batches: readonly RecentBatch[], progress: readonly ProgressView[], limit = 50): RowTable {
  const watermarks = new Map<number, number | null>();
  for (const p of progress) watermarks.set(p.batchId, markersOf([p]).watermark);
  const columns: string[] = [];
  const rows: RecentRow[] = [];
  let omitted = 0;
  for (const batch of batches) {
    const room = Math.max(0, limit - rows.length);
    const shown = batch.rows.slice(0, room);
    omitted += batch.numRows - shown.length;
    for (const row of shown) {
      for (const c of Object.keys(row)) if (!columns.includes(c)) columns.push(c);
      rows.push({ batchId: batch.batchId, watermark: watermarks.get(batch.batchId) ?? null, row });
    }
  }
  return { columns, rows, omitted };
}
