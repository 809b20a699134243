import { describe, expect, it } from 'vitest';
import { parseKeyFilter, pickBatch, StatePager, stateOperators, stateTable } from '../src/stateView';
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
