import { describe, expect, it } from 'vitest';
import { closesIn, closesWindows, parseKeyFilter, pickBatch, rowsOverBatches, StatePager, stateOperators, stateReadQuery,
  stateTable, waitingRead } from '../src/stateView';
import { progress, stateOperator } from './fixtures';
import type { StateStoreView } from '../src/types';

function store(operatorId: number, operatorName: string, stateStoreName: string, numRowsTotal = 7): StateStoreView {
  return { operatorId, operatorName, stateStoreName, numPartitions: 5, minBatchId: 0, maxBatchId: 4, numRowsTotal,
    operatorProperties: '' };
}

describe('stateOperators', () => {
  it('folds a join\'s four stores into one operator read by side, keeping the endpoint\'s order', () => {
    const ops = stateOperators([store(0, 'stateStoreSave', 'default', 3),
      ...['left-keyToNumValues', 'left-keyWithIndexToValue', 'right-keyToNumValues', 'right-keyWithIndexToValue']
        .map((name) => store(1, 'symmetricHashJoin', name, 12))]);
    expect(ops.map((op) => [op.operatorId, op.operatorName, op.stores.length, op.numRowsTotal, op.join])).toEqual([
      [0, 'stateStoreSave', 1, 3, false],
      [1, 'symmetricHashJoin', 4, 12, true],
    ]);
  });
});

describe('parseKeyFilter', () => {
  it('reads comma-separated field=value terms, keeping an = inside the value', () => {
    expect(parseKeyFilter(' user = a , expr=x=1,')).toEqual({ keys: ['user=a', 'expr=x=1'] });
    expect(parseKeyFilter('')).toEqual({ keys: [] });
  });

  it('names the term that is not field=value', () => {
    expect(parseKeyFilter('user=a, bob')).toEqual({ error: '"bob" is not field=value' });
    expect(parseKeyFilter('=a')).toEqual({ error: '"=a" is not field=value' });
  });
});

describe('pickBatch', () => {
  const [op] = stateOperators([{ ...store(0, 'dedupe', 'default'), minBatchId: 2, maxBatchId: 9 }]);
  if (!op) throw new Error('no operator');

  it('reads the last batch when left empty, and a batch of the range as typed', () => {
    expect(pickBatch(' ', op)).toBeNull();
    expect(pickBatch('2', op)).toBe(2);
    expect(pickBatch('9', op)).toBe(9);
  });

  it('refuses a batch outside the range or not a whole number', () => {
    expect(pickBatch('1', op)).toEqual({ error: 'batch 1 is not between 2 and 9' });
    expect(pickBatch('10', op)).toEqual({ error: 'batch 10 is not between 2 and 9' });
    expect(pickBatch('3.5', op)).toEqual({ error: 'batch 3.5 is not between 2 and 9' });
  });
});

describe('stateTable', () => {
  it('makes a column of each leaf of the keys and values, nested windows included, then the partition', () => {
    const table = stateTable({ batchId: 4, numRows: 2, nextPage: null, rows: [
      { key: { window: { start: 's1', end: 'e1' }, user: 'a' }, value: { count: 2 }, partition_id: 1 },
      { key: { window: { start: 's2', end: 'e2' }, user: 'b' }, value: { count: 5, sum: 9 }, partition_id: 3 },
    ] });
    expect(table.columns).toEqual(['key.window.start', 'key.window.end', 'key.user', 'value.count', 'partition_id', 'value.sum']);
    expect(table.rows[1]).toEqual({ 'key.window.start': 's2', 'key.window.end': 'e2', 'key.user': 'b', 'value.count': 5,
      'value.sum': 9, partition_id: 3 });
  });

  it('keeps a null value as one cell', () => {
    expect(stateTable({ batchId: 1, numRows: 1, nextPage: null, rows: [{ key: { id: 1 }, value: null, partition_id: 0 }] }).rows)
      .toEqual([{ 'key.id': 1, value: null, partition_id: 0 }]);
  });
});

describe('StatePager', () => {
  it('goes forward by the next-page tokens and back to the page before, and starts over on reset', () => {
    const pager = new StatePager();
    expect([pager.after, pager.page, pager.hasPrevious]).toEqual([null, 1, false]);
    pager.next('t2');
    pager.next('t3');
    expect([pager.after, pager.page, pager.hasPrevious]).toEqual(['t3', 3, true]);
    pager.previous();
    expect([pager.after, pager.page]).toEqual(['t2', 2]);
    pager.reset();
    pager.previous();
    expect([pager.after, pager.page, pager.hasPrevious]).toEqual([null, 1, false]);
  });
});

describe('waitingRead', () => {
  it('reads the side\'s keyWithIndexToValue store for the rows whose matched flag is still false', () => {
    const read = waitingRead({ operatorId: 0, batchId: null, keys: ['field0=a'], limit: 50, after: null }, 'left');
    expect(stateReadQuery(read)).toEqual({ key: ['field0=a'], limit: 50, storeName: 'left-keyWithIndexToValue',
      value: ['matched=false'] });
  });
});

describe('closing windows', () => {
  it('are asked of aggregations and session windows alone', () => {
    const [agg, join] = stateOperators([store(0, 'stateStoreSave', 'default'), store(1, 'symmetricHashJoin', 'left-keyToNumValues')]);
    const [session, dedupe] = stateOperators([store(0, 'sessionWindowStateStoreSaveExec', 'default'), store(1, 'dedupe', 'default')]);
    expect([agg, join, session, dedupe].map((op) => op !== undefined && closesWindows(op))).toEqual([true, false, true, false]);
  });

  it('say how far the watermark is from a window\'s end, or that the next batch closes it', () => {
    const end = '2026-12-01T10:00:10.000Z';
    expect(closesIn(end, null)).toBe('once a watermark reaches it');
    expect(closesIn(end, Date.parse('2026-12-01T10:00:04.000Z'))).toBe('watermark 6 s short');
    expect(closesIn(end, Date.parse('2026-12-01T09:50:10.000Z'))).toBe('watermark 10 min short');
    expect(closesIn(end, Date.parse('2026-12-01T07:40:10.000Z'))).toBe('watermark 2.3 h short');
    expect(closesIn(end, Date.parse(end))).toBe('at the next batch');
  });
});

describe('rowsOverBatches', () => {
  it('takes the operator\'s rows from its place in each report, the last ones, oldest first', () => {
    const [agg, dedupe] = stateOperators([store(0, 'stateStoreSave', 'default'), store(1, 'dedupe', 'default')]);
    const reports = [1, 2, 3, 4].map((b) => progress(b, {}, { stateOperators: [
      stateOperator({ numRowsTotal: b * 10 }), stateOperator({ operatorName: 'dedupe', numRowsTotal: b })] }));
    expect(agg && rowsOverBatches(reports, agg, 3)).toEqual([{ batchId: 2, rows: 20 }, { batchId: 3, rows: 30 },
      { batchId: 4, rows: 40 }]);
    expect(dedupe && rowsOverBatches(reports, dedupe, 10).map((p) => p.rows)).toEqual([1, 2, 3, 4]);
  });

  it('leaves out reports where another operator stands at its place, as after an edit', () => {
    const [agg] = stateOperators([store(0, 'stateStoreSave', 'default')]);
    const reports = [progress(1, {}, { stateOperators: [stateOperator({ operatorName: 'dedupe', numRowsTotal: 9 })] }),
      progress(2, {}, { stateOperators: [stateOperator({ numRowsTotal: 5 })] }), progress(3, {}, { stateOperators: [] })];
    expect(agg && rowsOverBatches(reports, agg, 10)).toEqual([{ batchId: 2, rows: 5 }]);
  });
});
