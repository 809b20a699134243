import { describe, expect, it } from 'vitest';
import { FrameDraw, type Frames } from '../src/frameDraw';
import type { Changes } from '../src/liveModel';

/** Frames run by hand: `next()` runs what the page asked for, as the browser's next frame would. */
class ManualFrames implements Frames {
  private callbacks = new Map<number, () => void>();
  private last = 0;

  request(callback: () => void): number {
    this.callbacks.set(++this.last, callback);
    return this.last;
  }

  cancel(handle: number): void {
    this.callbacks.delete(handle);
  }

  get waiting(): number {
    return this.callbacks.size;
  }

  next(): void {
    const due = [...this.callbacks.values()];
    this.callbacks.clear();
    due.forEach((callback) => callback());
  }
}

const change = (partial: Partial<Changes>): Changes =>
  ({ query: false, results: false, progress: false, batches: false, comparison: false, ...partial });

describe('FrameDraw', () => {
  it('draws a message in the next frame, not before', () => {
    const frames = new ManualFrames();
    const drawn: Changes[] = [];
    const draw = new FrameDraw((changes) => drawn.push(changes), frames);

    draw.add(change({ results: true }));
    expect(drawn).toEqual([]);
    frames.next();

    expect(drawn).toEqual([change({ results: true })]);
  });

  it('merges the messages of one frame into one draw of everything they changed', () => {
    const frames = new ManualFrames();
    const drawn: Changes[] = [];
    const draw = new FrameDraw((changes) => drawn.push(changes), frames);

    draw.add(change({ query: true }));
    draw.add(change({ batches: true, results: true }));
    draw.add(change({ progress: true }));
    expect(frames.waiting).toBe(1);
    frames.next();

    expect(drawn).toEqual([change({ query: true, results: true, progress: true, batches: true })]);
  });

  it('asks for another frame for a message that comes after a draw', () => {
    const frames = new ManualFrames();
    const drawn: Changes[] = [];
    const draw = new FrameDraw((changes) => drawn.push(changes), frames);

    draw.add(change({ batches: true }));
    frames.next();
    draw.add(change({ progress: true }));
    frames.next();

    expect(drawn).toEqual([change({ batches: true }), change({ progress: true })]);
  });

  it('asks for no frame for a message that changed nothing, and draws nothing once cancelled', () => {
    const frames = new ManualFrames();
    const drawn: Changes[] = [];
    const draw = new FrameDraw((changes) => drawn.push(changes), frames);

    draw.add(change({}));
    expect(frames.waiting).toBe(0);
    draw.add(change({ results: true }));
    draw.cancel();
    frames.next();

    expect(drawn).toEqual([]);
    expect(frames.waiting).toBe(0);
  });
});
