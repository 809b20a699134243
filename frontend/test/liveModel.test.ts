import { describe, expect, it } from 'vitest';
import { LiveQueryModel } from '../src/liveModel';
import type { LiveMessage } from '../src/types';
import { batch, ms, progress, QUERY_ID, queryView, RUN_1, RUN_2, windowRow } from './fixtures';

const snapshot = (batches = [batch(0, []), batch(3, [windowRow(0, 8, 14)])], progresses = [progress(2, { max: 11, watermark: 4 }), progress(3, { max: 14, watermark: 9 })], runId = RUN_1): LiveMessage =>
  ({ type: 'snapshot', queryId: QUERY_ID, query: queryView('append', runId), batches, progress: progresses });
const batchMessage = (id: number, rows: Record<string, unknown>[]): LiveMessage => ({ type: 'batch', queryId: QUERY_ID, ...batch(id, rows) });

describe('LiveQueryModel', () => {
  it('starts from the snapshot: windows, markers, batches newest first', () => {
    const model = new LiveQueryModel(QUERY_ID);
    model.apply(snapshot());
    expect(model.results.list().map((b) => b.values.count)).toEqual([14]);
    expect(model.markers).toEqual({ watermark: ms(9), maxEventTime: ms(14) });
    expect(model.batches.map((b) => b.batchId)).toEqual([3, 0]);
    expect(model.state).toBe('ACTIVE');
  });

  it('adds a pushed batch\'s finalized windows and puts the batch first', () => {
    const model = new LiveQueryModel(QUERY_ID);
    model.apply(snapshot());
    const changes = model.apply(batchMessage(5, [windowRow(8, 8, 26)]));
    expect(changes.results).toBe(true);
    expect(model.results.list().map((b) => b.values.count)).toEqual([14, 26]);
    expect(model.batches[0]?.batchId).toBe(5);
  });

  it('resumes from the snapshot of a reconnect without losing or doubling windows', () => {
    const model = new LiveQueryModel(QUERY_ID);
    model.apply(snapshot());
    model.apply(batchMessage(5, [windowRow(8, 8, 26)]));
    // The connection drops; batch 7 is committed meanwhile; the new snapshot holds batches 5 and 7 only.
    model.apply(snapshot([batch(5, [windowRow(8, 8, 26)]), batch(7, [windowRow(16, 8, 40)])], [progress(7, { max: 30, watermark: 25 })]));
    expect(model.results.list().map((b) => b.values.count)).toEqual([14, 26, 40]);
    expect(model.batches.map((b) => b.batchId)).toEqual([7, 5, 3, 0]);
    expect(model.markers).toEqual({ watermark: ms(25), maxEventTime: ms(30) });
  });

  it('starts over with the new spec and run when the query is redefined, keeping a batch of the new run only once', () => {
    const model = new LiveQueryModel(QUERY_ID);
    model.apply(snapshot());
    const redefined = { ...queryView('update', RUN_2), spec: { ...queryView('update', RUN_2).spec, outputMode: 'update' } };

    const changes = model.redefine(redefined);

    expect(changes.query && changes.results && changes.batches).toBe(true);
    expect(model.outputMode).toBe('update');
    expect(model.runId).toBe(RUN_2);
    expect(model.batches).toEqual([]);
    expect(model.results.list()).toEqual([]);
    model.apply(batchMessage(4, [windowRow(8, 8, 3)]));
    expect(model.batches.map((b) => b.batchId)).toEqual([4]);
    expect(model.redefine({ ...redefined, id: 'another' })).toEqual({ query: false, results: false, progress: false, batches: false,
      comparison: false });
  });

  it('ignores a batch it has already seen', () => {
    const model = new LiveQueryModel(QUERY_ID);
    model.apply(snapshot());
    expect(model.apply(batchMessage(3, [windowRow(0, 8, 14)])).batches).toBe(false);
    expect(model.batches).toHaveLength(2);
  });

  it('starts over for a new run, whose batch ids start again', () => {
    const model = new LiveQueryModel(QUERY_ID);
    model.apply(snapshot());
    model.apply({ type: 'status', queryId: QUERY_ID, state: 'ACTIVE', runId: RUN_2,
      status: { message: 'Initializing sources', isDataAvailable: false, isTriggerActive: true }, exception: null, restart: null });
    expect(model.results.size).toBe(0);
    model.apply(batchMessage(0, [windowRow(40, 8, 3)]));
    expect(model.batches.map((b) => b.batchId)).toEqual([0]);
    expect(model.runId).toBe(RUN_2);
  });

  it('follows a restored query that has no run yet into its first run', () => {
    const model = new LiveQueryModel(QUERY_ID);
    model.apply({ type: 'snapshot', queryId: QUERY_ID, batches: [], progress: [],
      query: { ...queryView('append', null), state: 'STOPPED', status: { message: 'Stopped', isDataAvailable: false, isTriggerActive: false } } });
    expect(model.runId).toBeNull();
    model.apply({ type: 'status', queryId: QUERY_ID, state: 'ACTIVE', runId: RUN_1,
      status: { message: 'Initializing sources', isDataAvailable: false, isTriggerActive: false }, exception: null, restart: null });
    model.apply(batchMessage(4, [windowRow(0, 8, 14)]));
    expect(model.runId).toBe(RUN_1);
    expect(model.query?.runId).toBe(RUN_1);
    expect(model.state).toBe('ACTIVE');
    expect(model.results.list().map((b) => b.values.count)).toEqual([14]);
  });

  it('keeps the failure of a failed run with its error class, and drops it when a new run starts', () => {
    const model = new LiveQueryModel(QUERY_ID);
    model.apply(snapshot());
    const failure = { class: 'dev.arus.engine.expr.EvaluationException', message: '[DIVIDE_BY_ZERO] Division by zero', errorClass: 'DIVIDE_BY_ZERO' };
    model.apply({ type: 'status', queryId: QUERY_ID, state: 'FAILED', runId: RUN_1,
      status: { message: 'Terminated with exception: Division by zero', isDataAvailable: false, isTriggerActive: false }, exception: failure, restart: null });
    expect(model.exception?.errorClass).toBe('DIVIDE_BY_ZERO');
    expect(model.query?.exception).toEqual(failure);
    model.apply({ type: 'status', queryId: QUERY_ID, state: 'ACTIVE', runId: RUN_2,
      status: { message: 'Initializing sources', isDataAvailable: false, isTriggerActive: false }, exception: null, restart: null });
    expect(model.exception).toBeNull();
    expect(model.query?.exception).toBeUndefined();
  });

  it('shows a RESTARTING run with its failure and next attempt until the restart starts a new run', () => {
    const model = new LiveQueryModel(QUERY_ID);
    model.apply(snapshot());
    const failure = { class: 'dev.arus.engine.streaming.StorageWriteException',
      message: '[STORAGE_WRITE_FAILED.FULL] Cannot write cp/commits/4: No space left on device', errorClass: 'STORAGE_WRITE_FAILED.FULL' };
    const restart = { strategy: 'exponential-delay', attempt: 2, maxAttempts: 20, nextAttemptAt: '2026-10-16T13:29:20.000Z' };
    const changes = model.apply({ type: 'status', queryId: QUERY_ID, state: 'RESTARTING', runId: RUN_1,
      status: { message: 'Terminated with exception: No space left on device', isDataAvailable: false, isTriggerActive: false },
      exception: failure, restart });
    expect(changes.query).toBe(true);
    expect(model.state).toBe('RESTARTING');
    expect(model.restart).toEqual(restart);
    expect(model.query?.restart).toEqual(restart);
    expect(model.exception?.errorClass).toBe('STORAGE_WRITE_FAILED.FULL');
    model.apply({ type: 'status', queryId: QUERY_ID, state: 'ACTIVE', runId: RUN_2,
      status: { message: 'Initializing sources', isDataAvailable: false, isTriggerActive: false }, exception: null, restart: null });
    expect(model.state).toBe('ACTIVE');
    expect(model.restart).toBeNull();
    expect(model.query?.restart).toBeUndefined();
  });

  it('moves the watermark marker with each progress and finalizes update-mode windows', () => {
    const model = new LiveQueryModel(QUERY_ID);
    model.apply({ type: 'snapshot', queryId: QUERY_ID, query: queryView('update'), batches: [batch(1, [windowRow(0, 8, 5)])], progress: [] });
    expect(model.results.list()[0]?.finalized).toBe(false);
    model.apply({ type: 'progress', queryId: QUERY_ID, progress: progress(2, { max: 13, watermark: 9 }) });
    expect(model.markers.watermark).toBe(ms(9));
    expect(model.results.list()[0]?.finalized).toBe(true);
  });

  it('shows a stop and counts messages the server dropped', () => {
    const model = new LiveQueryModel(QUERY_ID);
    model.apply(snapshot());
    model.apply({ type: 'status', queryId: QUERY_ID, state: 'STOPPED', runId: RUN_1,
      status: { message: 'Stopped', isDataAvailable: false, isTriggerActive: false }, exception: null, restart: null });
    model.apply({ type: 'dropped', queryId: QUERY_ID, count: 3 });
    expect(model.state).toBe('STOPPED');
    expect(model.query?.state).toBe('STOPPED');
    expect(model.dropped).toBe(3);
    expect(model.results.size).toBe(1);
  });

  it('asks for the batches and progress before the snapshot of a new view, once', () => {
    const model = new LiveQueryModel(QUERY_ID, 30, 300, 100);
    model.apply(snapshot([batch(40, []), batch(41, [])], [progress(41, { max: 170, watermark: 160 })]));
    expect(model.takeHistoryRequest()).toEqual({
      runId: RUN_1, batches: { before: 40, limit: 100 }, progress: { before: 41, limit: 300 } });
    expect(model.takeHistoryRequest()).toBeNull();
  });

  it('asks only for what it missed when a snapshot of the same run resumes', () => {
    const model = new LiveQueryModel(QUERY_ID);
    model.apply(snapshot());
    model.takeHistoryRequest();
    // Disconnected after batch 3; the snapshot of the reconnect starts at batch 9.
    model.apply(snapshot([batch(9, []), batch(10, [])], [progress(10, { max: 40, watermark: 35 })]));
    expect(model.takeHistoryRequest()).toEqual({
      runId: RUN_1, batches: { before: 9, limit: 5 }, progress: { before: 10, limit: 6 } });
    model.apply(snapshot([batch(10, []), batch(11, [])], [progress(11, { max: 44, watermark: 39 })]));
    expect(model.takeHistoryRequest(), 'nothing missed').toBeNull();
  });

  it('merges older history beneath what is shown: the watermark and newer windows stay', () => {
    const model = new LiveQueryModel(QUERY_ID);
    model.apply({ type: 'snapshot', queryId: QUERY_ID, query: queryView('update'),
      batches: [batch(7, [windowRow(0, 8, 40)])], progress: [progress(7, { max: 30, watermark: 25 })] });
    const request = model.takeHistoryRequest();
    expect(request).not.toBeNull();

    const changes = model.applyHistory(request!, [batch(5, [windowRow(0, 8, 26), windowRow(-8, 8, 9)])],
      [progress(5, { max: 31, watermark: 20 })]);

    expect(changes.results).toBe(true);
    expect(model.results.list().map((b) => b.values.count)).toEqual([9, 40]);
    expect(model.markers).toEqual({ watermark: ms(25), maxEventTime: ms(31) });
    expect(model.progress.map((p) => p.batchId)).toEqual([5, 7]);
    expect(model.batches.map((b) => b.batchId)).toEqual([7, 5]);
    expect(model.query?.lastProgress?.batchId).toBe(7);
  });

  it('drops the history of a run that is no longer shown', () => {
    const model = new LiveQueryModel(QUERY_ID);
    model.apply(snapshot([batch(7, [])], [progress(7)]));
    const request = model.takeHistoryRequest()!;
    model.apply({ type: 'status', queryId: QUERY_ID, state: 'ACTIVE', runId: RUN_2,
      status: { message: 'Initializing sources', isDataAvailable: false, isTriggerActive: true }, exception: null, restart: null });
    expect(model.applyHistory(request, [batch(5, [windowRow(0, 8, 26)])], [progress(5)]).results).toBe(false);
    expect(model.batches).toHaveLength(0);
  });

  it('ignores messages of another query', () => {
    const model = new LiveQueryModel(QUERY_ID);
    expect(model.apply({ ...batchMessage(1, [windowRow(0, 8, 1)]), queryId: 'other' } as LiveMessage).results).toBe(false);
  });

  it('takes a pushed comparison into the query it shows, and forgets it when a new run starts', () => {
    const model = new LiveQueryModel(QUERY_ID);
    model.apply(snapshot());
    const comparison = { verdict: 'AGREE' as const, arusBatches: 3, sparkBatches: 2, batchesCompared: 2,
      batchesDiffering: 0, lastDifference: null };
    const changes = model.apply({ type: 'comparison', queryId: QUERY_ID, comparison });
    expect(changes).toEqual({ query: false, results: false, progress: false, batches: false, comparison: true });
    expect(model.query?.comparison).toEqual(comparison);

    model.apply({ type: 'status', queryId: QUERY_ID, state: 'ACTIVE', runId: RUN_2,
      status: { message: 'Initializing sources', isDataAvailable: false, isTriggerActive: true }, exception: null, restart: null });
    expect(model.query?.comparison).toBeUndefined();
  });
});
