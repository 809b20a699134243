import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { CheckpointView, QueryView } from '../src/types';
import { QUERY_ID } from './fixtures';

const checkpoint = vi.hoisted(() => vi.fn<(id: string) => Promise<unknown>>());
vi.mock('../src/api', () => ({ api: { checkpoint } }));

const { CheckpointReader } = await import('../src/checkpointReader');

const kept = { id: QUERY_ID, spec: { name: 'visits', checkpointLocation: 'data/visits' } } as unknown as QueryView;
const unkept = { id: QUERY_ID, spec: { name: 'visits' } } as unknown as QueryView;
const read = (batchId: number) => ({ location: 'data/visits', lastCommitted: { batchId } }) as unknown as CheckpointView;

beforeEach(() => { checkpoint.mockReset(); });

describe('CheckpointReader', () => {
  it('reads the checkpoint once per state of the query, and again in the same state once forgotten', async () => {
    checkpoint.mockResolvedValueOnce(read(3)).mockResolvedValueOnce(read(4)).mockResolvedValueOnce(read(5));
    const onRead = vi.fn();
    const reader = new CheckpointReader(QUERY_ID, onRead);

    await reader.read(kept, 'STOPPED');
    await reader.read(kept, 'STOPPED');
    expect(checkpoint).toHaveBeenCalledTimes(1);
    expect(checkpoint).toHaveBeenCalledWith(QUERY_ID);
    expect(reader.last).toEqual(read(3));

    await reader.read(kept, 'ACTIVE');
    expect(reader.last).toEqual(read(4));
    reader.forget();
    await reader.read(kept, 'ACTIVE');
    expect(reader.last).toEqual(read(5));
    expect(onRead).toHaveBeenCalledTimes(3);
  });

  it('reads nothing for a query without a checkpoint, or before the query is known', async () => {
    const reader = new CheckpointReader(QUERY_ID, () => {});
    await reader.read(unkept, 'ACTIVE');
    await reader.read(null, null);
    expect(checkpoint).not.toHaveBeenCalled();
    expect(reader.last).toBeNull();
  });

  it('keeps what it last read when a read fails, and reads again only in another state', async () => {
    checkpoint.mockResolvedValueOnce(read(3)).mockRejectedValueOnce(new Error('offline')).mockResolvedValueOnce(read(6));
    const onRead = vi.fn();
    const reader = new CheckpointReader(QUERY_ID, onRead);
    await reader.read(kept, 'ACTIVE');
    await reader.read(kept, 'STOPPED');
    await reader.read(kept, 'STOPPED');
    expect(reader.last).toEqual(read(3));
    expect(onRead).toHaveBeenCalledTimes(1);

    await reader.read(kept, 'ACTIVE');
    expect(reader.last).toEqual(read(6));
    expect(checkpoint).toHaveBeenCalledTimes(3);
  });

  it('neither keeps nor tells a read that answers after it was closed', async () => {
    let answer: (view: CheckpointView) => void = () => {};
    checkpoint.mockReturnValueOnce(new Promise((resolve) => { answer = resolve; }));
    const onRead = vi.fn();
    const reader = new CheckpointReader(QUERY_ID, onRead);
    const reading = reader.read(kept, 'STOPPED');
    reader.close();
    answer(read(3));
    await reading;
    expect(reader.last).toBeNull();
    expect(onRead).not.toHaveBeenCalled();
  });
});
