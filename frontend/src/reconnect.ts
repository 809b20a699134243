import ReconnectingWebSocket from 'partysocket/ws';
import { parseLiveMessage, type LiveMessage } from './types';

/**
 * A query's live WebSocket on partysocket's ReconnectingWebSocket, which reconnects with a
 * growing delay. What is ours is what the live feed means: the connection's states as the page
 * shows them, a check that the query still exists after a close, and the end on a status of
 * DELETED.
 */

export type ConnectionState =
  | { kind: 'connecting'; attempt: number }
  | { kind: 'live' }
  | { kind: 'waiting'; attempt: number; delayMs: number; retryAt: number; reason: string }
  | { kind: 'closed'; reason: string };

export interface Backoff {
  baseMs: number;
  maxMs: number;
  /** The delays of a connection are moved by up to this fraction either way, so clients do not retry in step. */
  jitter: number;
}

export const DEFAULT_BACKOFF: Backoff = { baseMs: 500, maxMs: 10_000, jitter: 0.2 };

/** partysocket's options for a backoff that doubles from `baseMs`, spread by this client's `random()`, up to `maxMs`. */
export function reconnectOptions(backoff: Backoff = DEFAULT_BACKOFF, random: () => number = Math.random) {
  return {
    minReconnectionDelay: backoff.baseMs * (1 + backoff.jitter * (2 * random() - 1)),
    maxReconnectionDelay: backoff.maxMs,
    reconnectionDelayGrowFactor: 2,
  };
}

/**
 * The wait partysocket takes before reconnect attempt `attempt` (1 for the first retry), as its
 * documentation defines it, for the page to say when the next attempt comes.
 */
export function backoffDelay(attempt: number, options: ReturnType<typeof reconnectOptions>): number {
  const delay = options.minReconnectionDelay * options.reconnectionDelayGrowFactor ** Math.max(0, attempt - 1);
  return Math.round(Math.min(options.maxReconnectionDelay, delay));
}

export interface LiveConnectionOptions {
  url: string;
  /** The subprotocols of each new connection (the API token goes in one, and may change between them). */
  protocols?: () => string[];
  onMessage: (message: LiveMessage) => void;
  onState: (state: ConnectionState) => void;
  /** A frame that is not a live message as the OpenAPI document says: dropped, and counted. */
  onInvalid?: (dropped: number, reason: string) => void;
  backoff?: Backoff;
  random?: () => number;
  /** The WebSocket class; tests stand in for the browser's. */
  WebSocket?: unknown;
  now?: () => number;
  /**
   * Asked after a connection closes: false ends the connection for good (the query is gone).
   * The handshake of an unknown query is refused, which a browser cannot tell from a network error.
   */
  shouldRetry?: () => Promise<boolean>;
}

/**
 * A query's WebSocket that reconnects by itself. Each connection begins with a snapshot, which
 * the model resumes from; the backoff starts over once a connection has stayed open for
 * partysocket's minimum uptime (5 s), so a server that accepts and at once closes is not
 * hammered. A status of DELETED ends it.
 */
export class LiveConnection {
  private socket: ReconnectingWebSocket | null = null;
  private stopped = false;
  private dropped = 0;
  private readonly reconnect: ReturnType<typeof reconnectOptions>;

  constructor(private readonly options: LiveConnectionOptions) {
    this.reconnect = reconnectOptions(options.backoff, options.random);
  }

  start(): void {
    this.stopped = false;
    this.open();
  }

  /** Closes for good: no more reconnects. */
  close(reason = 'closed'): void {
    if (this.stopped) return;
    this.stopped = true;
    this.socket?.close(1000, reason);
    this.socket = null;
    this.options.onState({ kind: 'closed', reason });
  }

  /** Connects now instead of waiting for the backoff (the browser is back online). */
  retryNow(): void {
    if (this.stopped || this.socket === null || this.socket.readyState !== ReconnectingWebSocket.CLOSED) return;
    // partysocket does not cut a wait short: a new socket starts at once, and the waiting one is closed.
    this.socket.close();
    this.open();
  }

  private open(): void {
    let socket: ReconnectingWebSocket | null = null;
    const mine = () => socket !== null && this.socket === socket && !this.stopped;
    socket = new ReconnectingWebSocket(() => {
      if (mine()) this.options.onState({ kind: 'connecting', attempt: socket?.retryCount ?? 0 });
      return this.options.url;
    }, this.options.protocols ?? null, {
      ...this.reconnect,
      connectionTimeout: 10_000,
      ...(this.options.WebSocket ? { WebSocket: this.options.WebSocket } : {}),
    });
    this.socket = socket;
    this.options.onState({ kind: 'connecting', attempt: 0 });
    socket.onmessage = (event: MessageEvent) => {
      if (!mine() || typeof event.data !== 'string') return;
      const frame = parseLiveMessage(event.data);
      if ('invalid' in frame) {
        this.dropped += 1;
        console.warn(`Live message dropped (${frame.invalid}):`, event.data.slice(0, 500));
        this.options.onInvalid?.(this.dropped, frame.invalid);
        return;
      }
      const message = frame.message;
      if (message.type === 'snapshot') this.options.onState({ kind: 'live' });
      this.options.onMessage(message);
      if (message.type === 'status' && message.state === 'DELETED') this.close('query deleted');
    };
    socket.onclose = (event: { code: number; reason: string }) => {
      if (!mine() || socket === null) return;
      // partysocket has already begun the wait before its next attempt.
      const attempt = socket.retryCount;
      const delayMs = backoffDelay(attempt, this.reconnect);
      const now = this.options.now ?? Date.now;
      this.options.onState({ kind: 'waiting', attempt, delayMs, retryAt: now() + delayMs, reason: event.reason || `code ${event.code}` });
      void this.checkQuery(socket);
    };
  }

  /** After a close: ends the connection when the query is gone. */
  private async checkQuery(socket: ReconnectingWebSocket): Promise<void> {
    if (!this.options.shouldRetry) return;
    let retry = true;
    try {
      retry = await this.options.shouldRetry();
    } catch {
      retry = true;
    }
    if (!retry && this.socket === socket) this.close('query not found');
  }
}
