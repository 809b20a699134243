import { describe, expect, it } from 'vitest';
import { exampleEvents, keepsEverything, layoutOf, problemPlaces, problemRange, retentionText, writtenSummary } from '../src/streams';
import type { StreamColumn } from '../src/types';

/** A column of every type a stream holds, as GET /api/streams shows them. */
const ORDERS: StreamColumn[] = [
  { name: 'order_id', type: 'string', nullable: false },
  { name: 'amount', type: 'double', nullable: true },
  { name: 'quantity', type: 'int', nullable: true },
  { name: 'gift', type: 'boolean', nullable: true },
  { name: 'receipt', type: 'binary', nullable: true },
  { name: 'event_time', type: 'timestamp', nullable: true },
];
const NOW = Date.UTC(2026, 11, 1, 10, 0, 0, 750);

describe('exampleEvents', () => {
  it('writes two NDJSON events with a value of its JSON kind for every column', () => {
    const text = exampleEvents(ORDERS, 'ndjson', NOW);
    const events = text.trimEnd().split('\n').map((line) => JSON.parse(line));
    expect(events).toEqual([
      { order_id: 'order_id-1', amount: 1.5, quantity: 1, gift: true, receipt: btoa('receipt-1'), event_time: '2026-12-01T10:00:00Z' },
      { order_id: 'order_id-2', amount: 2.5, quantity: 2, gift: false, receipt: btoa('receipt-2'), event_time: '2026-12-01T10:00:00Z' },
    ]);
  });

  it('writes the same events as a JSON array, one a line', () => {
    const text = exampleEvents(ORDERS, 'array', NOW);
    expect(JSON.parse(text)).toEqual(exampleEvents(ORDERS, 'ndjson', NOW).trimEnd().split('\n').map((line) => JSON.parse(line)));
    expect(text.split('\n')).toHaveLength(5);
    expect(layoutOf(text)).toBe('array');
  });
});

describe('layoutOf', () => {
  it('reads a text starting with [ as an array and anything else as NDJSON', () => {
    expect(layoutOf('  \n[{"a": 1}]')).toBe('array');
    expect(layoutOf('{"a": 1}\n{"a": 2}\n')).toBe('ndjson');
  });
});

describe('writtenSummary', () => {
  it('names the offsets each partition gave, a range for several events and one offset for one', () => {
    expect(writtenSummary({ events: 3, partitions: [
      { partition: 0, firstOffset: 40, count: 2 }, { partition: 1, firstOffset: 7, count: 1 }] })).toEqual({
      headline: '3 events written',
      ranges: ['partition 0: offsets 40–41', 'partition 1: offset 7'],
    });
    expect(writtenSummary({ events: 1, partitions: [{ partition: 0, firstOffset: 0, count: 1 }] }).headline)
      .toBe('1 event written');
  });
});

describe('a refused post of events', () => {
  const ndjson = '{"order_id": "a", "amount": 1}\n{"order_id": "b", "amount": "lots"}\n';
  const array = '[\n  {"order_id": "a"},\n  {"order_id": "b", "amount": "lots"}\n]';

  it('names the event, the field and the line the problem gives', () => {
    expect(problemPlaces({ type: 'https://arus.dev/problems/invalid-events', index: 1, field: 'amount', line: 2 }))
      .toEqual([{ kind: 'event', text: 'event 1' }, { kind: 'field', text: 'field amount' }, { kind: 'line', text: 'line 2' }]);
    expect(problemPlaces({ line: 3, column: 9 })).toEqual([{ kind: 'line', text: 'line 3, column 9' }]);
    expect(problemPlaces({ detail: 'The body is not a JSON array of events' })).toEqual([]);
  });

  it('points at the field by its JSON pointer in an array', () => {
    const range = problemRange(array, { index: 1, field: 'amount', pointer: '/1/amount' });
    expect(array.slice(range?.start, range?.end)).toBe('"lots"');
  });

  it('points at the field within the event\'s line in NDJSON', () => {
    const range = problemRange(ndjson, { index: 1, field: 'amount', line: 2 });
    expect(ndjson.slice(range?.start, range?.end)).toBe('"lots"');
  });

  it('points at the whole line when the field is missing from it or none is named', () => {
    const whole = '{"order_id": "b", "amount": "lots"}';
    const missing = problemRange(ndjson, { index: 1, field: 'event_time', line: 2 });
    expect(ndjson.slice(missing?.start, missing?.end)).toBe(whole);
    const unnamed = problemRange(ndjson, { index: 1, line: 2 });
    expect(ndjson.slice(unnamed?.start, unnamed?.end)).toBe(whole);
  });

  it('points at the character where the text stops being JSON', () => {
    const broken = '{"order_id": "a"}\n{"order_id": ?}\n';
    const range = problemRange(broken, { line: 2, column: 14 });
    expect(broken.slice(range?.start, range?.end)).toBe('?');
  });

  it('points nowhere when the problem names no place', () => {
    expect(problemRange(ndjson, { detail: 'The service is shutting down' })).toBeNull();
  });
});

describe('retentionText', () => {
  it('says how old and how large a stream may grow and whether unread events are kept', () => {
    expect(retentionText({ maxAge: '7 days', maxBytes: 0, keepUnread: true }))
      .toBe('up to 7 days old · any size · unread kept');
    expect(retentionText({ maxAge: '1 day 12 hours', maxBytes: 1_048_576, keepUnread: true }))
      .toBe('up to 1 day 12 hours old · up to 1.00 MiB a partition · unread kept');
    expect(retentionText({ maxBytes: 1_073_741_824, keepUnread: false })).toBe('any age · up to 1.00 GiB a partition · unread not kept');
    expect(retentionText(undefined)).toBe('–');
  });
});

describe('keepsEverything', () => {
  it('is true only for a stream with neither an age nor a size limit', () => {
    expect(keepsEverything({ maxBytes: 0, keepUnread: true })).toBe(true);
    expect(keepsEverything({ maxAge: '7 days', maxBytes: 0, keepUnread: true })).toBe(false);
    expect(keepsEverything({ maxBytes: 1024, keepUnread: false })).toBe(false);
    expect(keepsEverything(undefined)).toBe(false);
  });
});
