import { parseLiveMessage, type LiveMessage } from './types';

/** The part of the browser's WebSocket the connection uses, so tests can stand in for it. */
export interface SocketLike {
  onopen: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onclose: ((event: { code: number; reason: string }) => void) | null;
  onerror: ((event: unknown) => void) | null;
  close(code?: number, reason?: string): void;
}

/** The browser's WebSocket behind {@link SocketLike}. */
export function browserSocket(url: string, protocols?: string[]): SocketLike {
  const ws = protocols && protocols.length > 0 ? new WebSocket(url, protocols) : new WebSocket(url);
  const socket: SocketLike = {
    onopen: null, onmessage: null, onclose: null, onerror: null,
    close: (code, reason) => ws.close(code, reason),
  };
  ws.onopen = (e) => socket.onopen?.(e);
  ws.onmessage = (e) => socket.onmessage?.(e);
  ws.onclose = (e) => socket.onclose?.(e);
  ws.onerror = (e) => socket.onerror?.(e);
  return socket;
}

export interface Timers {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
  now(): number;
}

export const browserTimers: Timers = {
  setTimeout: (callback, ms) => window.setTimeout(callback, ms),
  clearTimeout: (handle) => window.clearTimeout(handle as number),
  now: () => Date.now(),
};

export type ConnectionState =
  | { kind: 'connecting'; attempt: number }
  | { kind: 'live' }
  | { kind: 'waiting'; attempt: number; delayMs: number; retryAt: number; reason: string }
  | { kind: 'closed'; reason: string };

export interface Backoff {
  baseMs: number;
  maxMs: number;
  /** Each delay is moved by up to this fraction either way, so clients do not retry in step. */
  jitter: number;
}

export const DEFAULT_BACKOFF: Backoff = { baseMs: 500, maxMs: 10_000, jitter: 0.2 };

/** The wait before reconnect attempt {@code attempt} (1 for the first retry): doubling, capped. */
export function backoffDelay(attempt: number, backoff: Backoff = DEFAULT_BACKOFF, random: () => number = Math.random): number {
  const exponential = Math.min(backoff.maxMs, backoff.baseMs * 2 ** Math.max(0, attempt - 1));
  const spread = exponential * backoff.jitter * (2 * random() - 1);
  return Math.round(Math.min(backoff.maxMs, Math.max(0, exponential + spread)));
}

export interface LiveConnectionOptions {
  url: string;
  createSocket: (url: string) => SocketLike;
  onMessage: (message: LiveMessage) => void;
  onState: (state: ConnectionState) => void;
  /** A frame that is not a live message as the OpenAPI document says: dropped, and counted. */
  onInvalid?: (dropped: number, reason: string) => void;
  timers?: Timers;
  backoff?: Backoff;
  random?: () => number;
  /**
   * Asked after a connection closes: false ends the connection for good (the query is gone).
   * The handshake of an unknown query is refused, which a browser cannot tell from a network error.
   */
  shouldRetry?: () => Promise<boolean>;
}

/**
 * A query's WebSocket that reconnects by itself. Each connection begins with a snapshot, which
 * the model resumes from; the backoff starts over only once a snapshot has arrived, so a server
 * that accepts and at once closes is not hammered. A status of DELETED ends it.
 */
export class LiveConnection {
  private socket: SocketLike | null = null;
  private attempt = 0;
  private retryTimer: unknown = null;
  private stopped = false;
  private dropped = 0;
  private readonly timers: Timers;

  constructor(private readonly options: LiveConnectionOptions) {
    this.timers = options.timers ?? browserTimers;
  }

  start(): void {
    this.stopped = false;
    this.connect();
  }

  /** Closes for good: no more reconnects. */
  close(reason = 'closed'): void {
    if (this.stopped) return;
    this.stopped = true;
    if (this.retryTimer !== null) this.timers.clearTimeout(this.retryTimer);
    this.retryTimer = null;
    const socket = this.socket;
    this.socket = null;
    if (socket) {
      socket.onclose = null;
      socket.onmessage = null;
      socket.onerror = null;
      socket.close(1000, reason);
    }
    this.options.onState({ kind: 'closed', reason });
  }

  /** Connects now instead of waiting for the backoff. */
  retryNow(): void {
    if (this.stopped || this.socket !== null) return;
    if (this.retryTimer !== null) this.timers.clearTimeout(this.retryTimer);
    this.retryTimer = null;
    this.connect();
  }

  private connect(): void {
    this.options.onState({ kind: 'connecting', attempt: this.attempt });
    const socket = this.options.createSocket(this.options.url);
    this.socket = socket;
    socket.onmessage = (event) => {
      if (typeof event.data !== 'string') return;
      const frame = parseLiveMessage(event.data);
      if ('invalid' in frame) {
        this.dropped += 1;
        console.warn(`Live message dropped (${frame.invalid}):`, event.data.slice(0, 500));
        this.options.onInvalid?.(this.dropped, frame.invalid);
        return;
      }
      const message = frame.message;
      if (message.type === 'snapshot') {
        this.attempt = 0;
        this.options.onState({ kind: 'live' });
      }
      this.options.onMessage(message);
      if (message.type === 'status' && message.state === 'DELETED') this.close('query deleted');
    };
    socket.onerror = () => {
      // Followed by onclose, which decides what to do.
    };
    socket.onclose = (event) => {
      if (this.socket !== socket) return;
      this.socket = null;
      void this.afterClose(event.reason || `code ${event.code}`);
    };
  }

  private async afterClose(reason: string): Promise<void> {
    if (this.stopped) return;
    if (this.options.shouldRetry) {
      let retry = true;
      try {
        retry = await this.options.shouldRetry();
      } catch {
        retry = true;
      }
      if (!retry) {
        this.close('query not found');
        return;
      }
      if (this.stopped) return;
    }
    this.attempt += 1;
    const delayMs = backoffDelay(this.attempt, this.options.backoff, this.options.random);
    this.options.onState({ kind: 'waiting', attempt: this.attempt, delayMs, retryAt: this.timers.now() + delayMs, reason });
    this.retryTimer = this.timers.setTimeout(() => {
      this.retryTimer = null;
      if (!this.stopped) this.connect();
    }, delayMs);
  }
}
