import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { backoffDelay, LiveConnection, reconnectOptions, type ConnectionState } from '../src/reconnect';
import type { LiveMessage } from '../src/types';
import { QUERY_ID, queryView } from './fixtures';

/** A WebSocket that partysocket opens: the test decides when it opens, what it receives and when it drops. */
class FakeSocket extends EventTarget {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSING = 2;
  static readonly CLOSED = 3;
  static made: FakeSocket[] = [];
  readyState = FakeSocket.CONNECTING;
  binaryType = 'blob';
  closedWith: number | null = null;
  constructor(readonly url: string, readonly protocols?: string[]) {
    super();
    FakeSocket.made.push(this);
  }
  close(code = 1000): void {
    this.closedWith = code;
    this.readyState = FakeSocket.CLOSED;
  }
  open(): void {
    this.readyState = FakeSocket.OPEN;
    this.dispatchEvent(new Event('open'));
  }
  receive(message: object | string): void {
    this.dispatchEvent(new MessageEvent('message', { data: typeof message === 'string' ? message : JSON.stringify(message) }));
  }
  drop(code = 1006, reason = ''): void {
    this.readyState = FakeSocket.CLOSED;
    this.dispatchEvent(Object.assign(new Event('close'), { code, reason }));
  }
}

const snapshot = { type: 'snapshot', queryId: QUERY_ID, query: queryView(), batches: [], progress: [] };
const sockets = () => FakeSocket.made;
/** Lets partysocket's promises (the URL, the protocols) run, and the clock move on by `ms`. */
const pass = (ms = 0) => vi.advanceTimersByTimeAsync(ms);

function harness(shouldRetry?: () => Promise<boolean>) {
  const states: ConnectionState[] = [];
  const messages: LiveMessage[] = [];
  const invalid: [number, string][] = [];
  let token = 'one';
  const connection = new LiveConnection({
    url: `ws://localhost/ws/queries/${QUERY_ID}`,
    protocols: () => ['arus.live', token],
    onMessage: (m) => messages.push(m),
    onState: (s) => states.push(s),
    onInvalid: (count, reason) => invalid.push([count, reason]),
    WebSocket: FakeSocket,
    random: () => 0.5, // no jitter
    now: () => Date.now(),
    ...(shouldRetry ? { shouldRetry } : {}),
  });
  return { connection, states, messages, invalid, setToken: (t: string) => { token = t; } };
}

const waits = (states: ConnectionState[]) =>
  states.filter((s) => s.kind === 'waiting').map((s) => (s as { delayMs: number }).delayMs);

beforeEach(() => {
  FakeSocket.made = [];
  vi.useFakeTimers();
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('backoffDelay', () => {
  it('doubles from half a second up to ten seconds', () => {
    const options = reconnectOptions(undefined, () => 0.5);
    expect([1, 2, 3, 4, 5, 6, 7].map((a) => backoffDelay(a, options))).toEqual([500, 1000, 2000, 4000, 8000, 10000, 10000]);
  });

  it('spreads a client\'s delays by at most a fifth either way', () => {
    expect(backoffDelay(3, reconnectOptions(undefined, () => 0))).toBe(1600);
    expect(backoffDelay(3, reconnectOptions(undefined, () => 1))).toBe(2400);
    expect(backoffDelay(9, reconnectOptions(undefined, () => 1))).toBe(10000);
  });
});

describe('LiveConnection', () => {
  it('passes messages on and is live once the snapshot arrives', async () => {
    const { connection, states, messages } = harness();
    connection.start();
    await pass();
    expect(states.at(-1)).toEqual({ kind: 'connecting', attempt: 0 });
    expect(sockets()[0]?.protocols).toEqual(['arus.live', 'one']);
    sockets()[0]?.open();
    sockets()[0]?.receive(snapshot);
    sockets()[0]?.receive({ type: 'batch', queryId: QUERY_ID, batchId: 1, timestamp: '2026-10-16T13:29:20.000Z', rows: [], numRows: 0, omittedRows: 0 });
    expect(states.at(-1)).toEqual({ kind: 'live' });
    expect(messages.map((m) => m.type)).toEqual(['snapshot', 'batch']);
  });

  it('drops and counts a frame that is not a live message as the OpenAPI document says, with a warning', async () => {
    const { connection, messages, invalid } = harness();
    connection.start();
    await pass();
    sockets()[0]?.open();
    sockets()[0]?.receive('not json');
    sockets()[0]?.receive({ type: 'batch', queryId: QUERY_ID, batchId: 'one', timestamp: '2026-10-16T13:29:20.000Z', rows: [], numRows: 0, omittedRows: 0 });
    sockets()[0]?.receive(snapshot);
    expect(messages.map((m) => m.type)).toEqual(['snapshot']);
    expect(invalid.map(([count]) => count)).toEqual([1, 2]);
    expect(invalid[1]?.[1]).toBe('/batchId must be integer');
    expect(console.warn).toHaveBeenCalledTimes(2);
  });

  it('reconnects after the delay it shows, growing while the server is away, with the token of the moment', async () => {
    const { connection, states, setToken } = harness();
    connection.start();
    await pass();
    sockets()[0]?.drop();
    expect(states.at(-1)).toMatchObject({ kind: 'waiting', attempt: 1, delayMs: 500, retryAt: Date.now() + 500 });
    setToken('two');
    await pass(499);
    expect(sockets()).toHaveLength(1);
    await pass(1);
    expect(sockets()).toHaveLength(2);
    expect(sockets()[1]?.protocols).toEqual(['arus.live', 'two']);
    expect(states.at(-1)).toEqual({ kind: 'connecting', attempt: 1 });
    sockets()[1]?.drop();
    expect(states.at(-1)).toMatchObject({ kind: 'waiting', attempt: 2, delayMs: 1000 });
    await pass(999);
    expect(sockets()).toHaveLength(2);
    await pass(1);
    expect(sockets()).toHaveLength(3);
  });

  it('resumes after the server goes away (1001) and starts the backoff over once a connection has lasted', async () => {
    const { connection, states, messages } = harness();
    connection.start();
    await pass();
    for (let i = 0; i < 3; i++) {
      sockets()[i]?.open();
      sockets()[i]?.drop(1001, 'idle');
      await pass(10_000);
    }
    expect(waits(states)).toEqual([500, 1000, 2000]);
    sockets()[3]?.open();
    sockets()[3]?.receive(snapshot);
    await pass(5_000);
    sockets()[3]?.drop(1001, 'Going away');
    expect(states.at(-1)).toMatchObject({ kind: 'waiting', attempt: 1, delayMs: 500, reason: 'Going away' });
    await pass(500);
    sockets()[4]?.open();
    sockets()[4]?.receive(snapshot);
    expect(states.at(-1)).toEqual({ kind: 'live' });
    expect(messages.map((m) => m.type)).toEqual(['snapshot', 'snapshot']);
  });

  it('gives up when the query no longer exists', async () => {
    const { connection, states } = harness(async () => false);
    connection.start();
    await pass();
    sockets()[0]?.drop();
    await pass();
    expect(states.at(-1)).toEqual({ kind: 'closed', reason: 'query not found' });
    await pass(60_000);
    expect(sockets()).toHaveLength(1);
  });

  it('closes for good on a status of DELETED', async () => {
    const { connection, states } = harness();
    connection.start();
    await pass();
    sockets()[0]?.open();
    sockets()[0]?.receive(snapshot);
    sockets()[0]?.receive({ type: 'status', queryId: QUERY_ID, state: 'DELETED', runId: 'r', status: { message: 'Stopped', isDataAvailable: false, isTriggerActive: false }, exception: null, restart: null });
    expect(states.at(-1)).toEqual({ kind: 'closed', reason: 'query deleted' });
    expect(sockets()[0]?.closedWith).toBe(1000);
    await pass(60_000);
    expect(sockets()).toHaveLength(1);
  });

  it('stops retrying when closed by the page', async () => {
    const { connection } = harness();
    connection.start();
    await pass();
    sockets()[0]?.drop();
    connection.close();
    await pass(60_000);
    expect(sockets()).toHaveLength(1);
  });

  it('connects at once when asked to while it waits', async () => {
    const { connection } = harness();
    connection.start();
    await pass();
    sockets()[0]?.drop();
    await pass(100);
    connection.retryNow();
    await pass();
    expect(sockets()).toHaveLength(2);
    sockets()[1]?.open();
    await pass(60_000);
    expect(sockets()).toHaveLength(2);
  });
});
