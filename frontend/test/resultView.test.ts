import { describe, expect, it } from 'vitest';
import { materializes, resultSummary, resultTable } from '../src/resultView';
import type { ResultView } from '../src/types';

function view(figures: Partial<ResultView> = {}): ResultView {
  return {
    outputMode: 'update', keyColumns: ['window', 'page'], batchId: 7, sinceBatchId: 0, numRows: 2, numKeys: 2,
    maxKeys: 10000, truncated: false, omittedRows: 0,
    rows: [
      { clicks: 3, page: 'home', window: { start: '2026-12-01T10:00:00.000Z', end: '2026-12-01T10:10:00.000Z' } },
      { clicks: 1, page: 'cart', window: { start: '2026-12-01T10:00:00.000Z', end: '2026-12-01T10:10:00.000Z' } },
    ],
    ...figures,
  };
}

describe('materializes', () => {
  it('holds for update and complete mode, which replace a key\'s row, and not for append', () => {
    expect(['append', 'update', 'complete'].map(materializes)).toEqual([false, true, true]);
  });
});

describe('resultTable', () => {
  it('flattens the window and puts the key columns first', () => {
    const table = resultTable(view());
    expect(table.columns).toEqual(['page', 'window.start', 'window.end', 'clicks']);
    expect(table.keyColumns).toEqual(['page', 'window.start', 'window.end']);
    expect(table.rows[0]).toEqual({ clicks: 3, page: 'home', 'window.start': '2026-12-01T10:00:00.000Z',
      'window.end': '2026-12-01T10:10:00.000Z' });
  });
});

describe('resultSummary', () => {
  it('names the batch and the keys, and how many match a lookup', () => {
    expect(resultSummary(view(), false)).toBe('batch 7: 2 keys');
    expect(resultSummary(view({ numRows: 1, numKeys: 4, rows: view().rows.slice(0, 1) }), true)).toBe('batch 7: 1 of 4 keys match');
    expect(resultSummary(view({ numRows: 3, numKeys: 4 }), true)).toBe('batch 7: 3 of 4 keys match, the first 2 shown');
    expect(resultSummary(view({ batchId: null }), false)).toBe('no batch written since the service holds the query');
  });

  it('says when the bound left rows out, and since which batch an update-mode result was written', () => {
    expect(resultSummary(view({ truncated: true, omittedRows: 3, maxKeys: 5, numKeys: 5, sinceBatchId: 4 }), false))
      .toBe('batch 7: 5 keys · written since batch 4 · 3 rows left out: more keys than the 5 kept (arus.live.result-max-keys)');
  });
});
