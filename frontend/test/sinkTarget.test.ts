import { describe, expect, it } from 'vitest';
import { sinkTarget, sinkText } from '../src/sinkTarget';
import type { QuerySpec } from '../src/types';
import { progress } from './fixtures';

function spec(sink: QuerySpec['sink']): QuerySpec {
  return { name: 'revenue', sink } as QuerySpec;
}

describe('sinkTarget', () => {
  it('names a jdbc sink by its connection and table and tells its last write from the latest report that has one', () => {
    const reports = [
      progress(1, {}, { sink: { description: 'JdbcSink[shop: revenue]', numOutputRows: 3,
        metrics: { target: 'shop: revenue', rowsWritten: '3', lastWriteAt: '2026-12-01T10:00:04.000Z' } } }),
      progress(2, {}, { sink: { description: 'JdbcSink[shop: revenue]', numOutputRows: 0,
        metrics: { target: 'shop: revenue', rowsWritten: '0', lastWriteAt: '2026-12-01T10:00:04.000Z' } } }),
    ];
    expect(sinkTarget(spec({ format: 'jdbc', options: { connection: 'shop', table: 'revenue' } }), reports)).toEqual({
      format: 'jdbc', target: 'shop: revenue', lastWriteAt: '2026-12-01T10:00:04.000Z', rowsWritten: 0 });
  });

  it('names an http sink by the URL the service shows, secrets masked, before any batch', () => {
    expect(sinkTarget(spec({ format: 'http', options: { url: 'https://hooks.example.com/services/***' } }), [])).toEqual({
      format: 'http', target: 'https://hooks.example.com/services/***', lastWriteAt: null, rowsWritten: null });
  });

  it('names a file sink by its path and a sink without a target by its format alone', () => {
    expect(sinkTarget(spec({ format: 'parquet', options: { path: 'out/revenue' } }), [progress(1)])?.target).toBe('out/revenue');
    expect(sinkTarget(spec({ format: 'console' }), [progress(1)])).toEqual({
      format: 'console', target: null, lastWriteAt: null, rowsWritten: null });
  });
});

describe('sinkText', () => {
  it('names a sink by its format and target, or by its format alone when it has none', () => {
    expect(sinkText({ format: 'jdbc', target: 'shop: revenue', lastWriteAt: null, rowsWritten: null })).toBe('jdbc · shop: revenue');
    expect(sinkText({ format: 'console', target: null, lastWriteAt: null, rowsWritten: null })).toBe('console');
  });
});
