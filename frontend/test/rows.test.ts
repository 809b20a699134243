import { describe, expect, it } from 'vitest';
import { recentRows } from '../src/rows';
import { batch, ms, progress } from './fixtures';

const row = (orderId: number) => ({ order_id: orderId, event_time: '2026-10-16T13:29:05.000Z' });

describe('recentRows', () => {
  it('lists the rows of the newest batch first, each with the watermark its batch ran with', () => {
    const table = recentRows([batch(4, [row(7), row(8)]), batch(3, [row(5)])],
      [progress(3, { max: 10, watermark: 5 }), progress(4, { max: 12, watermark: 7 })]);
    expect(table.rows.map((r) => [r.batchId, r.row.order_id, r.watermark])).toEqual([
      [4, 7, ms(7)], [4, 8, ms(7)], [3, 5, ms(5)]]);
    expect(table.columns).toEqual(['order_id', 'event_time']);
    expect(table.omitted).toBe(0);
  });

  it('shows no watermark before the first is set, nor for a batch without progress', () => {
    const table = recentRows([batch(1, [row(2)]), batch(0, [row(1)])], [progress(0)]);
    expect(table.rows.map((r) => r.watermark)).toEqual([null, null]);
  });

  it('keeps the latest rows up to the limit and counts the rest, with those the service left out', () => {
    const partial = { ...batch(5, [row(1), row(2)]), numRows: 10, omittedRows: 8 };
    const table = recentRows([partial, batch(4, [row(3), row(4)])], [], 3);
    expect(table.rows.map((r) => r.row.order_id)).toEqual([1, 2, 3]);
    expect(table.omitted).toBe(8 + 1);
  });

  it('takes every column any row has, in the order they first appear', () => {
    const table = recentRows([batch(2, [{ ad_id: 1, click_time: null }, { ad_id: 2, click_time: 'x', extra: true }])], []);
    expect(table.columns).toEqual(['ad_id', 'click_time', 'extra']);
  });
});
