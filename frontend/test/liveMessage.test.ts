import { describe, expect, it } from 'vitest';
import { parseLiveMessage } from '../src/types';
import { batch, progress, QUERY_ID, queryView, windowRow } from './fixtures';

const snapshot = { type: 'snapshot', queryId: QUERY_ID, query: queryView(), batches: [batch(1, [windowRow(0, 8, 3)])],
  progress: [progress(1, { max: 10, watermark: 4 })] };
const status = { type: 'status', queryId: QUERY_ID, state: 'STOPPED', runId: null,
  status: { message: 'Stopped', isDataAvailable: false, isTriggerActive: false }, exception: null, restart: null };

const read = (value: unknown) => parseLiveMessage(typeof value === 'string' ? value : JSON.stringify(value));

describe('parseLiveMessage', () => {
  it('reads the messages the OpenAPI document describes', () => {
    expect(read(snapshot)).toEqual({ message: snapshot });
    expect(read(status)).toEqual({ message: status });
    expect(read({ type: 'batch', queryId: QUERY_ID, ...batch(2, []) })).toMatchObject({ message: { type: 'batch', batchId: 2 } });
    expect(read({ type: 'progress', queryId: QUERY_ID, progress: progress(3) })).toMatchObject({ message: { type: 'progress' } });
  });

  it('refuses a frame that is not JSON', () => {
    expect(read('{"type": "snap')).toMatchObject({ invalid: expect.stringMatching(/^not JSON/) });
  });

  it('refuses a message of a type the feed does not have', () => {
    expect(read({ type: 'hello', queryId: QUERY_ID })).toHaveProperty('invalid');
    expect(read(['snapshot'])).toHaveProperty('invalid');
  });

  it('names where a message of a known type differs from its schema', () => {
    expect(read({ ...status, state: 'SLEEPING' })).toEqual({ invalid: '/state must be equal to one of the allowed values' });
    expect(read({ ...snapshot, batches: [{ ...batch(1, []), numRows: 'many' }] }))
      .toEqual({ invalid: '/batches/0/numRows must be integer' });
    const { restart: _, ...withoutRestart } = status;
    expect(read(withoutRestart)).toEqual({ invalid: 'the message must have required property \'restart\'' });
  });
});
