import { describe, expect, it } from 'vitest';
import { inferShape, outputColumnOf, outputModeOf, resultKindOf, ResultSeries, sqlGroupKeys } from '../src/results';
import type { QuerySpec } from '../src/types';
import { batch, iso, ms, queryView, windowRow } from './fixtures';

describe('ResultSeries in append mode', () => {
  it('adds each batch\'s rows as new finalized windows in event-time order', () => {
    const series = new ResultSeries('append', queryView().spec);
    series.applyBatch(batch(5, [windowRow(8, 8, 26)]));
    series.applyBatch(batch(3, [windowRow(0, 8, 14)]));
    const bars = series.list();
    expect(bars.map((b) => [b.start, b.end, b.values.count, b.finalized])).toEqual([
      [ms(0), ms(8), 14, true], [ms(8), ms(16), 26, true]]);
  });

  it('ignores empty batches', () => {
    const series = new ResultSeries('append');
    expect(series.applyBatch(batch(0, []))).toBe(false);
    expect(series.size).toBe(0);
  });

  it('keeps only the latest windows', () => {
    const series = new ResultSeries('append', undefined, 3);
    for (let i = 0; i < 5; i++) series.applyBatch(batch(i, [windowRow(i * 8, 8, i)]));
    expect(series.list().map((b) => b.values.count)).toEqual([2, 3, 4]);
  });
});

describe('ResultSeries with batches out of order', () => {
  it('never lets an older batch replace a window\'s value from a later one', () => {
    const series = new ResultSeries('update', queryView('update').spec);
    series.applyBatch(batch(7, [windowRow(0, 8, 40)]));
    series.applyBatch(batch(5, [windowRow(0, 8, 26), windowRow(8, 8, 3)]));
    expect(series.list().map((b) => [b.values.count, b.batchId])).toEqual([[40, 7], [3, 5]]);
  });

  it('keeps the complete result of the latest batch', () => {
    const series = new ResultSeries('complete', queryView('complete').spec);
    series.applyBatch(batch(7, [windowRow(0, 8, 40), windowRow(8, 8, 2)]));
    expect(series.applyBatch(batch(5, [windowRow(0, 8, 26)]))).toBe(false);
    expect(series.list().map((b) => b.values.count)).toEqual([40, 2]);
  });
});

describe('ResultSeries in update mode', () => {
  it('replaces a window\'s running value in place and keeps it running until the watermark passes its end', () => {
    const series = new ResultSeries('update', queryView('update').spec);
    series.applyBatch(batch(1, [windowRow(0, 8, 5)]));
    series.applyBatch(batch(2, [windowRow(0, 8, 12), windowRow(8, 8, 3)]));
    expect(series.list().map((b) => [b.values.count, b.finalized])).toEqual([[12, false], [3, false]]);

    expect(series.setWatermark(ms(8))).toBe(true);
    expect(series.list().map((b) => b.finalized)).toEqual([true, false]);
  });

  it('marks a late-arriving update of a window already past the watermark as final', () => {
    const series = new ResultSeries('update');
    series.setWatermark(ms(10));
    series.applyBatch(batch(4, [windowRow(0, 8, 7), windowRow(8, 8, 1)]));
    expect(series.list().map((b) => b.finalized)).toEqual([true, false]);
  });

  it('keeps one bar per window and key for a keyed aggregation', () => {
    const spec: QuerySpec = { name: 'k', source: { format: 'rate' }, sink: { format: 'memory' }, outputMode: 'update',
      steps: [{ groupBy: { keys: ["window(event_time, '10 seconds')", 'shop'], aggregations: ['sum(value) AS total', 'avg(value) AS mean'] } }] };
    const series = new ResultSeries('update', spec);
    const row = (shop: number, total: number) => ({ window: { start: new Date(ms(0)).toISOString(), end: new Date(ms(10)).toISOString() }, shop, total, mean: total / 2 });
    series.applyBatch(batch(1, [row(0, 10), row(1, 20)]));
    series.applyBatch(batch(2, [row(1, 25)]));
    expect(series.shape).toEqual({ windowColumn: 'window', groupColumns: ['shop'], measures: ['total', 'mean'] });
    expect(series.groups()).toEqual(['0', '1']);
    expect(series.list().map((b) => [b.group, b.values.total, b.values.mean])).toEqual([['0', 10, 5], ['1', 25, 12.5]]);
  });
});

describe('ResultSeries in complete mode', () => {
  it('takes each batch as the whole result table', () => {
    const series = new ResultSeries('complete');
    series.applyBatch(batch(1, [windowRow(0, 8, 5)]));
    series.applyBatch(batch(2, [windowRow(0, 8, 9), windowRow(8, 8, 2)]));
    expect(series.list().map((b) => b.values.count)).toEqual([9, 2]);
    series.applyBatch(batch(3, [windowRow(8, 8, 4)]));
    expect(series.list().map((b) => b.values.count)).toEqual([4]);
  });
});

describe('inferShape', () => {
  it('finds the window column and takes numbers as aggregates without a spec', () => {
    expect(inferShape([windowRow(0, 8, 3, { region: 'eu' })])).toEqual({ windowColumn: 'window', groupColumns: ['region'], measures: ['count'] });
  });

  it('reads the spec\'s output mode in any case, append when it names none', () => {
    const spec = queryView().spec;
    expect(outputModeOf({ ...spec, outputMode: 'Update' })).toBe('update');
    expect(outputModeOf({ ...spec, outputMode: 'complete' })).toBe('complete');
    expect(outputModeOf({ ...spec, outputMode: undefined })).toBe('append');
  });

  it('names output columns by alias or bare column', () => {
    expect(outputColumnOf('count(*) AS count')).toBe('count');
    expect(outputColumnOf('shop')).toBe('shop');
    expect(outputColumnOf("window(event_time, '8 seconds')")).toBeNull();
  });
});

describe('resultKindOf', () => {
  const spec = (...steps: unknown[]) => ({ ...queryView().spec, steps }) as QuerySpec;
  const groupBy = (...keys: string[]) => ({ groupBy: { keys, aggregations: ['count(*) AS count'] } });

  it('charts time windows, and sessions as sessions', () => {
    expect(resultKindOf(spec(groupBy("window(event_time, '8 seconds')", 'shop')))).toBe('windows');
    expect(resultKindOf(spec(groupBy("session_window(event_time, '2 seconds') AS visit", 'user')))).toBe('sessions');
    expect(resultKindOf(spec(groupBy('user', "SESSION_WINDOW(event_time, '2 seconds')")))).toBe('sessions');
  });

  it('shows rows for a query without a window: a join, a deduplication, plain keys', () => {
    expect(resultKindOf(spec({ dropDuplicatesWithinWatermark: ['order_id'] }))).toBe('rows');
    expect(resultKindOf(spec({ join: { with: { static: {} }, on: ['shop'] } }))).toBe('rows');
    expect(resultKindOf(spec(groupBy('user')))).toBe('rows');
    expect(resultKindOf(undefined)).toBe('rows');
  });

  it('charts a query in SQL by the keys after its last GROUP BY', () => {
    const sql = (text: string) => ({ ...queryView().spec, steps: undefined, sql: text }) as QuerySpec;
    expect(resultKindOf(sql("SELECT window(t, '8 seconds') AS w, count(*) FROM v GROUP BY window(t, '8 seconds')")))
      .toBe('windows');
    expect(resultKindOf(sql("SELECT count(*) FROM v GROUP BY user, SESSION_WINDOW(t, '2 seconds')"))).toBe('sessions');
    expect(resultKindOf(sql("SELECT w, count(*) FROM (SELECT window(t, '8 seconds') AS w FROM v GROUP BY window(t, '8 seconds')) GROUP BY user")))
      .toBe('rows');
    expect(resultKindOf(sql("SELECT DISTINCT window(t, '1 second') FROM v"))).toBe('rows');
  });

  it('reads the keys of a statement\'s last GROUP BY, as written', () => {
    expect(sqlGroupKeys("SELECT 1 FROM v GROUP BY session_window(t, '2 seconds'), user")).toEqual(["session_window(t, '2 seconds')", 'user']);
    expect(sqlGroupKeys("SELECT * FROM (SELECT count(*) FROM v GROUP BY window(t, '1, 2'), k) GROUP BY a HAVING count(*) > 1"))
      .toEqual(['a']);
    expect(sqlGroupKeys("SELECT * FROM (SELECT k FROM v GROUP BY k, window(t, '8 seconds')) AS s")).toEqual(['k', "window(t, '8 seconds')"]);
    expect(sqlGroupKeys('SELECT DISTINCT k FROM v')).toEqual([]);
  });

  it('takes a statement\'s plain GROUP BY keys for the keys of its rows, so that numbers among them are no aggregates', () => {
    const spec = { ...queryView().spec, steps: undefined,
      sql: "SELECT session_window(t, '2 seconds') AS s, value % 3 AS user, count(*) AS clicks FROM v GROUP BY session_window(t, '2 seconds'), user" } as QuerySpec;
    const rows = [{ s: { start: '2026-10-16T13:29:00.000Z', end: '2026-10-16T13:29:03.000Z' }, user: 1, clicks: 4 }];
    expect(inferShape(rows, spec)).toEqual({ windowColumn: 's', groupColumns: ['user'], measures: ['clicks'] });
  });

  it('goes by the last groupBy of a chained aggregation', () => {
    expect(resultKindOf(spec(groupBy("window(event_time, '10 seconds')"),
      groupBy("window(window_time(window), '1 minute')")))).toBe('windows');
    expect(resultKindOf(spec(groupBy("window(event_time, '10 seconds')", 'user'), groupBy('user')))).toBe('rows');
  });
});

describe('ResultSeries of session windows', () => {
  const session = (startS: number, endS: number, user: number, clicks: number) =>
    ({ session_window: { start: iso(startS), end: iso(endS) }, user, clicks });
  const sessionSpec = {
    ...queryView().spec,
    steps: [{ groupBy: { keys: ["session_window(event_time, '2 seconds')", 'user'], aggregations: ['count(*) AS clicks'] } }],
  } as QuerySpec;

  it('keeps each session as wide as it is, per key', () => {
    const series = new ResultSeries('append', sessionSpec);
    series.applyBatch(batch(6, [session(0, 3, 0, 20), session(0, 3, 1, 14)]));
    series.applyBatch(batch(9, [session(4, 7, 0, 21)]));
    expect(series.shape).toEqual({ windowColumn: 'session_window', groupColumns: ['user'], measures: ['clicks'] });
    expect(series.list().map((b) => [b.group, b.end - b.start, b.values.clicks])).toEqual([
      ['0', 3000, 20], ['1', 3000, 14], ['0', 3000, 21]]);
    expect(series.groups()).toEqual(['0', '1']);
  });

  it('in complete mode shows the latest batch\'s sessions, merged ones replacing their parts', () => {
    const series = new ResultSeries('complete', { ...sessionSpec, outputMode: 'complete' });
    series.applyBatch(batch(1, [session(0, 2, 0, 5), session(3, 5, 0, 4)]));
    series.applyBatch(batch(2, [session(0, 5, 0, 10)]));
    expect(series.list().map((b) => [b.start, b.end])).toEqual([[ms(0), ms(5)]]);
  });
});
