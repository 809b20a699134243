import { api } from './api';
import type { CheckpointView, LiveState, QueryView } from './types';

/**
 * A query's checkpoint as its page last read it from disk ({@link last}): what a query without
 * progress in memory goes on from. It is read again only when the query's state differs from the
 * state of the last read, so a page reads it once per state, not once per live message.
 */
export class CheckpointReader {
  last: CheckpointView | null = null;
  /** The state the query was in at the last read; null: read it at the next chance. */
  private readIn: LiveState | null = null;
  private closed = false;

  /** @param onRead called after each read the service answered, until {@link close} */
  constructor(private readonly queryId: string, private readonly onRead: () => void) {}

  /** Reads the checkpoint of `query` in `state`, when it keeps one and the last read was in another state. */
  async read(query: QueryView | null, state: LiveState | null): Promise<void> {
    if (!query?.spec.checkpointLocation || this.readIn === state) return;
    this.readIn = state;
    try {
      const read = await api.checkpoint(this.queryId);
      if (this.closed) return;
      // A checkpoint started afresh has committed nothing: the page stops showing the old last batch.
      this.last = read;
      this.onRead();
    } catch {
      // The page says it has no batch; the next change of state reads it again.
    }
  }

  /** Reads it at the next chance whatever the state: after a new definition, whose reset may have emptied it. */
  forget(): void {
    this.readIn = null;
  }

  /** Stops telling the page: it is gone. */
  close(): void {
    this.closed = true;
  }
}
