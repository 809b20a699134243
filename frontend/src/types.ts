/** JSON shapes of the REST API (README "REST API") and the WebSocket (DESIGN §5). */

export type QueryState = 'ACTIVE' | 'STOPPED' | 'FAILED';
export type LiveState = QueryState | 'DELETED';
export type OutputMode = 'append' | 'update' | 'complete';

export interface QueryStatus {
  message: string;
  isDataAvailable: boolean;
  isTriggerActive: boolean;
}

export interface Failure {
  class: string;
  message: string;
}

export interface StateOperator {
  operatorName?: string;
  numRowsTotal: number;
  numRowsUpdated?: number;
  numRowsRemoved?: number;
  numRowsDroppedByWatermark: number;
  memoryUsedBytes?: number;
}

export interface ProgressView {
  id: string;
  runId: string;
  name: string;
  timestamp: string;
  batchId: number;
  batchDuration: number;
  numInputRows: number;
  inputRowsPerSecond?: number;
  processedRowsPerSecond?: number;
  durationMs?: Record<string, number>;
  eventTime?: { avg?: string; max?: string; min?: string; watermark?: string };
  stateOperators?: StateOperator[];
  sources?: unknown[];
  sink?: { description: string; numOutputRows: number };
}

export interface QuerySpec {
  name: string;
  source: { format: string; options?: Record<string, string | number | boolean> };
  steps?: unknown[];
  outputMode?: OutputMode;
  trigger?: { processingTime?: string; availableNow?: boolean; once?: boolean };
  sink: { format: string; options?: Record<string, string | number | boolean> };
}

export interface QueryView {
  id: string;
  runId: string;
  name: string;
  state: QueryState;
  status: QueryStatus;
  spec: QuerySpec;
  lastProgress: ProgressView | null;
  exception?: Failure | null;
}

export type Row = Record<string, unknown>;

export interface RecentBatch {
  batchId: number;
  timestamp: string;
  rows: Row[];
  numRows: number;
  /** Rows left out of `rows` because the batch was bigger than the service keeps (arus.live.rows-per-batch). */
  omittedRows?: number;
}

/** An RFC 9457 problem as the service answers a refused request. */
export interface Problem {
  type?: string;
  title?: string;
  status?: number;
  detail?: string;
  pointer?: string;
  position?: number;
  line?: number;
  column?: number;
}

export interface SnapshotMessage {
  type: 'snapshot';
  queryId: string;
  query: QueryView;
  batches: RecentBatch[];
  progress: ProgressView[];
}

export interface BatchMessage extends RecentBatch {
  type: 'batch';
  queryId: string;
}

export interface ProgressMessage {
  type: 'progress';
  queryId: string;
  progress: ProgressView;
}

export interface StatusMessage {
  type: 'status';
  queryId: string;
  state: LiveState;
  status: QueryStatus;
  runId: string;
  exception: Failure | null;
}

export interface DroppedMessage {
  type: 'dropped';
  queryId: string;
  count: number;
}

export type LiveMessage = SnapshotMessage | BatchMessage | ProgressMessage | StatusMessage | DroppedMessage;

const TYPES = new Set(['snapshot', 'batch', 'progress', 'status', 'dropped']);

/** Parses a WebSocket text frame; null for anything that is not one of the five messages. */
export function parseLiveMessage(text: string): LiveMessage | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const type = (value as { type?: unknown }).type;
  return typeof type === 'string' && TYPES.has(type) ? (value as LiveMessage) : null;
}
