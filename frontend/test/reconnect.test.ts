import { describe, expect, it, vi } from 'vitest';
import { backoffDelay, LiveConnection, type ConnectionState, type SocketLike, type Timers } from '../src/reconnect';
import type { LiveMessage } from '../src/types';
import { QUERY_ID, queryView } from './fixtures';

class FakeSocket implements SocketLike {
  onopen: ((event: unknown) => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onclose: ((event: { code: number; reason: string }) => void) | null = null;
  onerror: ((event: unknown) => void) | null = null;
  closedWith: number | null = null;
  constructor(readonly url: string) {}
  close(code?: number): void { this.closedWith = code ?? 1000; }
  receive(message: object): void { this.onmessage?.({ data: JSON.stringify(message) }); }
  drop(code = 1006): void { this.onclose?.({ code, reason: '' }); }
}

class ManualTimers implements Timers {
  time = 0;
  private tasks: { at: number; run: () => void; id: number }[] = [];
  private next = 1;
  setTimeout(run: () => void, ms: number): unknown {
    const id = this.next++;
    this.tasks.push({ at: this.time + ms, run, id });
    return id;
  }
  clearTimeout(handle: unknown): void { this.tasks = this.tasks.filter((t) => t.id !== handle); }
  now(): number { return this.time; }
  advance(ms: number): void {
    this.time += ms;
    const due = this.tasks.filter((t) => t.at <= this.time);
    this.tasks = this.tasks.filter((t) => t.at > this.time);
    due.forEach((t) => t.run());
  }
  get pending(): number { return this.tasks.length; }
}

const flush = () => new Promise<void>((resolve) => setTimeout(resolve, 0));
const snapshot = { type: 'snapshot', queryId: QUERY_ID, query: queryView(), batches: [], progress: [] };

function harness(shouldRetry?: () => Promise<boolean>) {
  const sockets: FakeSocket[] = [];
  const states: ConnectionState[] = [];
  const messages: LiveMessage[] = [];
  const timers = new ManualTimers();
  const connection = new LiveConnection({
    url: `ws://localhost/ws/queries/${QUERY_ID}`,
    createSocket: (url) => { const s = new FakeSocket(url); sockets.push(s); return s; },
    onMessage: (m) => messages.push(m),
    onState: (s) => states.push(s),
    timers,
    random: () => 0.5, // no jitter
    ...(shouldRetry ? { shouldRetry } : {}),
  });
  return { connection, sockets, states, messages, timers };
}

describe('backoffDelay', () => {
  it('doubles from half a second up to ten seconds', () => {
    expect([1, 2, 3, 4, 5, 6, 7].map((a) => backoffDelay(a, undefined, () => 0.5))).toEqual([500, 1000, 2000, 4000, 8000, 10000, 10000]);
  });

  it('spreads each delay by at most a fifth either way', () => {
    expect(backoffDelay(3, undefined, () => 0)).toBe(1600);
    expect(backoffDelay(3, undefined, () => 1)).toBe(2400);
    expect(backoffDelay(9, undefined, () => 1)).toBe(10000);
  });
});

describe('LiveConnection', () => {
  it('passes messages on and is live once the snapshot arrives', () => {
    const { connection, sockets, states, messages } = harness();
    connection.start();
    expect(states.at(-1)).toEqual({ kind: 'connecting', attempt: 0 });
    sockets[0]?.receive(snapshot);
    sockets[0]?.receive({ type: 'batch', queryId: QUERY_ID, batchId: 1, timestamp: '2026-10-16T13:29:20.000Z', rows: [], numRows: 0, omittedRows: 0 });
    sockets[0]?.onmessage?.({ data: 'not json' });
    expect(states.at(-1)).toEqual({ kind: 'live' });
    expect(messages.map((m) => m.type)).toEqual(['snapshot', 'batch']);
  });

  it('reconnects with growing delays while the server is away, and starts over after a snapshot', async () => {
    const { connection, sockets, states, timers } = harness();
    connection.start();
    sockets[0]?.drop();
    await flush();
    expect(states.at(-1)).toMatchObject({ kind: 'waiting', attempt: 1, delayMs: 500 });
    timers.advance(499);
    expect(sockets).toHaveLength(1);
    timers.advance(1);
    expect(sockets).toHaveLength(2);
    sockets[1]?.drop();
    await flush();
    expect(states.at(-1)).toMatchObject({ kind: 'waiting', attempt: 2, delayMs: 1000 });
    timers.advance(1000);
    sockets[2]?.receive(snapshot);
    sockets[2]?.drop();
    await flush();
    expect(states.at(-1)).toMatchObject({ kind: 'waiting', attempt: 1, delayMs: 500 });
  });

  it('does not start over on a connection that opens and closes without a snapshot', async () => {
    const { connection, sockets, states, timers } = harness();
    connection.start();
    for (let i = 0; i < 3; i++) {
      sockets[i]?.onopen?.({});
      sockets[i]?.drop();
      await flush();
      timers.advance(10_000);
    }
    expect(states.filter((s) => s.kind === 'waiting').map((s) => (s as { delayMs: number }).delayMs)).toEqual([500, 1000, 2000]);
  });

  it('gives up when the query no longer exists', async () => {
    const { connection, sockets, states, timers } = harness(async () => false);
    connection.start();
    sockets[0]?.drop();
    await flush();
    expect(states.at(-1)).toEqual({ kind: 'closed', reason: 'query not found' });
    expect(timers.pending).toBe(0);
  });

  it('closes for good on a status of DELETED', () => {
    const { connection, sockets, states, timers } = harness();
    connection.start();
    sockets[0]?.receive(snapshot);
    sockets[0]?.receive({ type: 'status', queryId: QUERY_ID, state: 'DELETED', runId: 'r', status: { message: 'Stopped', isDataAvailable: false, isTriggerActive: false }, exception: null, restart: null });
    expect(states.at(-1)).toEqual({ kind: 'closed', reason: 'query deleted' });
    expect(sockets[0]?.closedWith).toBe(1000);
    expect(timers.pending).toBe(0);
  });

  it('stops retrying when closed by the page', async () => {
    const { connection, sockets, timers } = harness();
    connection.start();
    sockets[0]?.drop();
    await flush();
    connection.close();
    timers.advance(60_000);
    expect(sockets).toHaveLength(1);
  });
});

describe('LiveConnection with a message the API does not describe', () => {
  it('drops it with a warning and counts it, and goes on', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const invalid: number[] = [];
    const messages: LiveMessage[] = [];
    const sockets: FakeSocket[] = [];
    const connection = new LiveConnection({
      url: 'ws://localhost/ws/queries/q',
      createSocket: (url) => { const s = new FakeSocket(url); sockets.push(s); return s; },
      onMessage: (m) => messages.push(m), onState: () => {}, onInvalid: (count) => invalid.push(count),
      timers: new ManualTimers(),
    });
    connection.start();
    sockets[0]?.onmessage?.({ data: 'not json' });
    sockets[0]?.receive({ ...snapshot, batches: 'none' });
    sockets[0]?.receive(snapshot);
    expect(messages.map((m) => m.type)).toEqual(['snapshot']);
    expect(invalid).toEqual([1, 2]);
    expect(warn).toHaveBeenCalledTimes(2);
    warn.mockRestore();
  });
});
