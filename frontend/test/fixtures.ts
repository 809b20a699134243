import type { ProgressView, QueryView, RecentBatch, StateOperator } from '../src/types';

export const QUERY_ID = '6f1c2a8e-0000-4000-8000-000000000001';
export const RUN_1 = 'aaaaaaaa-0000-4000-8000-000000000001';
export const RUN_2 = 'bbbbbbbb-0000-4000-8000-000000000002';

export const iso = (seconds: number) => new Date(Date.UTC(2026, 9, 16, 13, 29, 0) + seconds * 1000).toISOString();
export const ms = (seconds: number) => Date.parse(iso(seconds));

export function windowRow(startS: number, lengthS: number, count: number, extra: Record<string, unknown> = {}) {
  return { window: { start: iso(startS), end: iso(startS + lengthS) }, ...extra, count };
}

export function batch(batchId: number, rows: Record<string, unknown>[]): RecentBatch {
  return { batchId, timestamp: iso(batchId * 4), rows, numRows: rows.length, omittedRows: 0 };
}

export function progress(batchId: number, eventTime: { max?: number; watermark?: number } = {}, extra: Partial<ProgressView> = {}): ProgressView {
  return {
    id: QUERY_ID, runId: RUN_1, name: 'visits', timestamp: iso(batchId * 4), batchId, batchDuration: 5, numInputRows: 20,
    inputRowsPerSecond: 5, processedRowsPerSecond: 4000,
    eventTime: {
      ...(eventTime.max === undefined ? {} : { max: iso(eventTime.max), min: iso(eventTime.max - 3) }),
      watermark: eventTime.watermark === undefined ? '1970-01-01T00:00:00.000Z' : iso(eventTime.watermark),
    },
    durationMs: { triggerExecution: 5 },
    stateOperators: [stateOperator({ numRowsTotal: 2 })],
    sources: [],
    sink: { description: 'MemorySink', numOutputRows: 0 },
    ...extra,
  };
}

/** A stateful operator's progress: nothing in state, nothing dropped, but for `figures`. */
export function stateOperator(figures: Partial<StateOperator> = {}): StateOperator {
  return {
    operatorName: 'stateStoreSave', numRowsTotal: 0, numRowsUpdated: 0, allUpdatesTimeMs: 0, numRowsRemoved: 0,
    allRemovalsTimeMs: 0, commitTimeMs: 0, memoryUsedBytes: 0, numRowsDroppedByWatermark: 0, numShufflePartitions: 1,
    numStateStoreInstances: 1, customMetrics: {}, ...figures,
  };
}

export function queryView(outputMode: 'append' | 'update' | 'complete' = 'append', runId: string | null = RUN_1): QueryView {
  return {
    id: QUERY_ID, runId, name: 'visits', state: 'ACTIVE',
    status: { message: 'Waiting for next trigger', isDataAvailable: false, isTriggerActive: false },
    spec: {
      name: 'visits', source: { format: 'rate-micro-batch', options: { rowsPerBatch: 10 } },
      steps: [{ withWatermark: { column: 'event_time', delay: '4 seconds' } },
        { groupBy: { keys: ["window(event_time, '8 seconds')"], aggregations: ['count(*) AS count'] } }],
      outputMode, sink: { format: 'memory' },
    },
    lastProgress: null,
    restarts: 0,
  };
}
