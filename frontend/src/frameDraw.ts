import type { Changes } from './liveModel';

/** Schedules a callback for the next frame and cancels it; the browser's requestAnimationFrame by default. */
export interface Frames {
  request(callback: () => void): number;
  cancel(handle: number): void;
}

const browserFrames: Frames = {
  request: (callback) => requestAnimationFrame(() => callback()),
  cancel: (handle) => cancelAnimationFrame(handle),
};

/**
 * The changes of live messages merged until the next animation frame, then drawn once: a message
 * is on screen within one frame of its arrival, and a burst of messages in one frame (a snapshot
 * and the batches behind it) costs one draw rather than one each.
 */
export class FrameDraw {
  private pending: Changes | null = null;
  private handle = 0;

  constructor(private readonly draw: (changes: Changes) => void, private readonly frames: Frames = browserFrames) {}

  /** Adds `changes` to the next frame's draw, asking for that frame if none is asked for yet. */
  add(changes: Changes): void {
    if (!changes.query && !changes.results && !changes.progress && !changes.batches && !changes.comparison) return;
    if (this.pending === null) {
      this.pending = { ...changes };
      this.handle = this.frames.request(() => this.flush());
      return;
    }
    this.pending = {
      query: this.pending.query || changes.query,
      results: this.pending.results || changes.results,
      progress: this.pending.progress || changes.progress,
      batches: this.pending.batches || changes.batches,
      comparison: this.pending.comparison || changes.comparison,
    };
  }

  /** Drops what is waiting for a frame: the view is gone. */
  cancel(): void {
    if (this.pending !== null) this.frames.cancel(this.handle);
    this.pending = null;
  }

  private flush(): void {
    const changes = this.pending;
    this.pending = null;
    if (changes !== null) this.draw(changes);
  }
}
