import { outputModeOf, ResultSeries } from './results';
import { advanceMarkers, NO_MARKERS, type EventTimeMarkers } from './timeline';
import type {
  Failure, LiveMessage, LiveState, OutputMode, PendingRestart, ProgressView, QueryStatus, QueryView, RecentBatch,
} from './types';

/** What a message changed, so that the view redraws only that. */
export interface Changes {
  query: boolean;
  results: boolean;
  progress: boolean;
  batches: boolean;
  /** The comparison of a query on both engines. */
  comparison: boolean;
}

const NONE: Changes = { query: false, results: false, progress: false, batches: false, comparison: false };
const ALL: Changes = { query: true, results: true, progress: true, batches: true, comparison: true };

/** A page of `/batches` or `/progress`: the latest `limit` of those before batch `before`. */
export interface HistoryPage {
  before: number;
  limit: number;
}

/**
 * What a snapshot left out that the REST API may still hold, for the run the snapshot showed:
 * the batches and progress before its oldest ones, each `null` when nothing is missing.
 */
export interface HistoryRequest {
  runId: string | null;
  batches: HistoryPage | null;
  progress: HistoryPage | null;
}

/**
 * One query as the dashboard sees it over the WebSocket: its status, the results chart's series,
 * the event-time markers, recent progress and recent batches (newest first). A snapshot holds
 * only the latest few batches and progress reports: after one that starts a view the model asks
 * for older ones ({@link takeHistoryRequest}), after one that resumes the same run for those it
 * missed, and merges them beneath what is shown ({@link applyHistory}), never over newer values.
 * A snapshot or status of another run starts over, since batch ids start again. A query on both
 * engines gets its comparison pushed after each output of either engine.
 */
export class LiveQueryModel {
  query: QueryView | null = null;
  state: LiveState | null = null;
  status: QueryStatus | null = null;
  exception: Failure | null = null;
  /** The next restart attempt while the query is RESTARTING, else null. */
  restart: PendingRestart | null = null;
  runId: string | null = null;
  results: ResultSeries = new ResultSeries('append');
  markers: EventTimeMarkers = NO_MARKERS;
  /** Oldest first, at most {@link maxProgress}. */
  progress: ProgressView[] = [];
  /** Newest first, at most {@link maxBatches}. */
  batches: RecentBatch[] = [];
  /** Messages the server dropped because this client fell behind, in all. */
  dropped = 0;
  private seenBatches = new Set<number>();
  private seenProgress = new Set<number>();
  private history: HistoryRequest | null = null;

  /** @param historyBatches the most older batches asked for at once, as many as the service keeps by default */
  constructor(
    readonly queryId: string,
    private readonly maxBatches = 30,
    private readonly maxProgress = 300,
    private readonly historyBatches = 100,
  ) {}

  get outputMode(): OutputMode {
    return this.query ? outputModeOf(this.query.spec) : 'append';
  }

  get lastBatchId(): number {
    return this.batches[0]?.batchId ?? -1;
  }

  apply(message: LiveMessage): Changes {
    if (message.queryId !== this.queryId) return NONE;
    switch (message.type) {
      case 'snapshot': {
        const sameRun = this.runId !== null && this.runId === message.query.runId;
        const newestProgress = this.progress[this.progress.length - 1]?.batchId ?? -1;
        this.history = {
          runId: message.query.runId,
          batches: missingBefore(message.batches, sameRun ? this.lastBatchId : null, this.historyBatches),
          progress: missingBefore(message.progress, sameRun ? newestProgress : null, this.maxProgress),
        };
        if (!sameRun) this.startRun(message.query.runId, message.query);
        this.query = message.query;
        this.state = message.query.state;
        this.status = message.query.status;
        this.exception = message.query.exception ?? null;
        this.restart = message.query.restart ?? null;
        for (const p of message.progress) this.addProgress(p);
        for (const b of message.batches) this.addBatch(b);
        return ALL;
      }
      case 'batch':
        return this.addBatch(message) ? { ...NONE, results: true, batches: true } : NONE;
      case 'progress':
        return this.addProgress(message.progress) ? { ...NONE, progress: true, results: true, query: true } : NONE;
      case 'status': {
        const newRun = this.runId !== null && message.runId !== this.runId;
        if (newRun && this.query) this.startRun(message.runId, this.query);
        this.runId = message.runId;
        this.state = message.state;
        this.status = message.status;
        this.exception = message.exception;
        this.restart = message.restart;
        if (this.query) {
          this.query = {
            ...this.query, runId: message.runId, status: message.status,
            state: message.state === 'DELETED' ? this.query.state : message.state,
            exception: message.exception ?? undefined,
            restart: message.restart ?? undefined,
            // a new run is compared afresh
            comparison: newRun ? undefined : this.query.comparison,
          };
        }
        return newRun ? ALL : { ...NONE, query: true };
      }
      case 'comparison':
        if (!this.query) return NONE;
        this.query = { ...this.query, comparison: message.comparison };
        return { ...NONE, comparison: true };
      case 'dropped':
        this.dropped += message.count;
        return { ...NONE, query: true };
    }
  }

  /**
   * The query's definition was replaced (an edit): its view as the service answered, and the
   * series started over for the new spec, whose results may have another shape.
   */
  redefine(query: QueryView): Changes {
    if (query.id !== this.queryId) return NONE;
    this.startRun(query.runId, query);
    this.query = query;
    this.state = query.state;
    this.status = query.status;
    this.exception = query.exception ?? null;
    this.restart = query.restart ?? null;
    return ALL;
  }

  /** The history the last snapshot left out, once: `null` when nothing is missing or it was taken already. */
  takeHistoryRequest(): HistoryRequest | null {
    const history = this.history;
    this.history = null;
    return history !== null && (history.batches !== null || history.progress !== null) ? history : null;
  }

  /** Merges what the REST API answered to `request`; ignored once another run is shown. */
  applyHistory(request: HistoryRequest, batches: readonly RecentBatch[], progress: readonly ProgressView[]): Changes {
    if (request.runId !== this.runId) return NONE;
    let changed = false;
    for (const p of progress) changed = this.addProgress(p) || changed;
    for (const b of batches) changed = this.addBatch(b) || changed;
    return changed ? ALL : NONE;
  }

  private startRun(runId: string | null, query: QueryView): void {
    this.runId = runId;
    this.results = new ResultSeries(outputModeOf(query.spec), query.spec);
    this.markers = NO_MARKERS;
    this.progress = [];
    this.batches = [];
    this.seenBatches = new Set();
    this.seenProgress = new Set();
  }

  private addBatch(batch: RecentBatch): boolean {
    if (this.seenBatches.has(batch.batchId)) return false;
    this.seenBatches.add(batch.batchId);
    const { batchId, timestamp, rows, numRows, omittedRows } = batch;
    const copy: RecentBatch = { batchId, timestamp, rows, numRows, omittedRows };
    const at = this.batches.findIndex((b) => b.batchId < batchId);
    if (at === -1) this.batches.push(copy);
    else this.batches.splice(at, 0, copy);
    if (this.batches.length > this.maxBatches) this.batches.length = this.maxBatches;
    this.results.applyBatch(copy);
    return true;
  }

  private addProgress(progress: ProgressView): boolean {
    if (this.seenProgress.has(progress.batchId)) return false;
    this.seenProgress.add(progress.batchId);
    const newest = progress.batchId > (this.progress[this.progress.length - 1]?.batchId ?? -1);
    this.progress.push(progress);
    this.progress.sort((a, b) => a.batchId - b.batchId);
    if (this.progress.length > this.maxProgress) this.progress.splice(0, this.progress.length - this.maxProgress);
    const advanced = advanceMarkers(this.markers, progress);
    // An older report may raise the highest event time seen, never move the watermark back.
    this.markers = newest ? advanced : { ...this.markers, maxEventTime: advanced.maxEventTime };
    this.results.setWatermark(this.markers.watermark);
    if (this.query) this.query = { ...this.query, lastProgress: this.progress[this.progress.length - 1] ?? null };
    return true;
  }
}

/**
 * The page before the oldest of a snapshot's `items` (oldest first) that fills the gap after
 * `newestKnown`, the newest batch id already shown of the same run (`null` for a new view: up to
 * `most`); `null` when nothing is missing.
 */
function missingBefore(items: readonly { batchId: number }[], newestKnown: number | null, most: number): HistoryPage | null {
  const oldest = items[0]?.batchId;
  if (oldest === undefined || oldest === 0) return null;
  const missing = newestKnown === null ? most : Math.min(most, oldest - newestKnown - 1);
  return missing > 0 ? { before: oldest, limit: missing } : null;
}
