import createClient, { type Middleware } from 'openapi-fetch';
import { askForToken, currentToken, forgetToken } from './auth';
import type { paths } from './generated/openapi';
import type { HistoryPage } from './liveModel';
import { CONTENT_TYPES, type EventLayout } from './streams';
import type { Problem, StreamSpec } from './types';
import { stateReadQuery, type StateRead } from './stateView';

/**
 * The service's REST API through openapi-fetch's client, typed by the paths that openapi-typescript
 * generates from openapi.json: a path, a parameter or an answer the document does not have does
 * not compile. What is ours is what the service asks of a browser: the API token (asked for on a
 * 401) and a refusal turned into a {@link ProblemError}.
 */

/** Whose state a query on both engines shows: Arus's run's, or Spark's beside it; a query on one engine has its own alone. */
export type StateEngine = 'arus' | 'spark';

/** A refused request: the service's RFC 9457 problem, or one made up for a network failure. */
export class ProblemError extends Error {
  constructor(readonly problem: Problem) {
    super(problem.detail ?? problem.title ?? `HTTP ${problem.status ?? '?'}`);
  }
}

/** Sends the token kept for this session, read at each request (one asked for after a 401 included). */
const bearerToken: Middleware = {
  onRequest({ request }) {
    const token = currentToken();
    if (token) request.headers.set('Authorization', `Bearer ${token}`);
    return request;
  },
};

const client = createClient<paths>({
  // Relative paths as the page's own origin, so the dashboard works behind any host name.
  baseUrl: globalThis.location?.origin ?? '',
  headers: { Accept: 'application/json' },
  // Looked up at each call, not when the client is made.
  fetch: (request) => globalThis.fetch(request),
});
client.use(bearerToken);

/** What an openapi-fetch call resolves to, for any of its paths. */
interface Answer<T> { data?: T; error?: unknown; response: Response }

/**
 * One request. A 401 (the service wants its API token, or the one kept is wrong) asks the user
 * for the token once and sends the request again with it, unless `mayAsk` is false (a request
 * the user did not ask for, such as the columns an editor completes).
 */
async function call<T>(send: () => Promise<Answer<T>>, mayAsk = true): Promise<T> {
  let answer: Answer<T>;
  try {
    answer = await send();
  } catch (e) {
    throw new ProblemError({ title: 'Service unreachable', detail: String(e) });
  }
  const { response } = answer;
  if (response.status === 401 && mayAsk) {
    const hadToken = currentToken() !== null;
    forgetToken();
    const token = await askForToken(hadToken ? 'The token kept for this session was refused; enter the service\'s API token.'
      : 'This service asks for its API token (arus.security.api-token) to change queries and streams or watch queries live.');
    if (token !== null) return call(send, false);
  }
  if (!response.ok) throw new ProblemError(problemOf(response, answer.error));
  return answer.data as T;
}

/** The problem a refusal's body holds, or one made of its status and text when the body is not a problem. */
function problemOf(response: Response, body: unknown): Problem {
  if (typeof body === 'object' && body !== null) return { status: response.status, ...(body as Problem) };
  return { status: response.status, title: response.statusText, detail: typeof body === 'string' ? body.slice(0, 300) : undefined };
}

/**
 * A body sent as the user typed it, so that the server's pointer and line numbers match the text
 * in the editor: openapi-fetch passes it on unchanged instead of serializing it as JSON. The
 * service parses it against the body's schema; the type says which schema that is.
 */
function typed<T>(text: string): { body: T; bodySerializer: (body: unknown) => unknown } {
  return { body: text as unknown as T, bodySerializer: (body) => body };
}

type QuerySpecBody = paths['/api/queries']['post']['requestBody']['content']['application/json'];
type SqlTablesBody = paths['/api/sql/tables']['post']['requestBody']['content']['application/json'];
type EventsBody = NonNullable<paths['/api/streams/{name}/events']['post']['requestBody']>['content']['application/x-ndjson'];

const query = (id: string) => ({ params: { path: { id } } });

/** Whether the service wants the API token, and whether the token kept for this session is right. */
export interface Access { tokenRequired: boolean; authenticated: boolean }

export const api = {
  list: () => call(() => client.GET('/api/queries')),
  get: (id: string) => call(() => client.GET('/api/queries/{id}', query(id))),
  /** The spec text goes as typed, so that the server's pointer and line numbers match the editor. */
  create: (specText: string) => call(() => client.POST('/api/queries', typed<QuerySpecBody>(specText))),
  /** Runs the spec for at most `batches` batches with rows or `seconds`, creating nothing. */
  preview: (specText: string, batches: number, seconds: number) =>
    call(() => client.POST('/api/queries/preview', { params: { query: { batches, seconds } }, ...typed<QuerySpecBody>(specText) })),
  /** The columns of a spec's tables, as `{"tables": ...}` text; never asks for the token. */
  sqlTables: (tablesText: string) =>
    call(() => client.POST('/api/sql/tables', typed<SqlTablesBody>(`{"tables": ${tablesText}}`)), false),
  sqlFunctions: () => call(() => client.GET('/api/sql/functions')),
  /**
   * Replaces a query's definition with the spec as typed, keeping its id and checkpoint; with
   * `resetCheckpoint` the checkpoint is deleted and the new definition starts afresh on it.
   */
  replace: (id: string, specText: string, resetCheckpoint: boolean) =>
    call(() => client.PUT('/api/queries/{id}', {
      params: { path: { id }, query: resetCheckpoint ? { resetCheckpoint } : {} }, ...typed<QuerySpecBody>(specText),
    })),
  /** Where the query keeps its checkpoint and the last batch it committed; a 404 for a query without one. */
  checkpoint: (id: string) => call(() => client.GET('/api/queries/{id}/checkpoint', query(id))),
  /** The query's stateful operators, a row per store; a 404 `no-state` for a query without a checkpoint. */
  stateStores: (id: string, engine?: StateEngine) => call(() => client.GET('/api/queries/{id}/state', {
    params: { path: { id }, query: engine ? { engine } : {} },
  })),
  /** A page of one operator's state rows at a committed batch. */
  stateRows: (id: string, read: StateRead, engine?: StateEngine) =>
    call(() => client.GET('/api/queries/{id}/state/{operatorId}', {
      params: { path: { id, operatorId: read.operatorId }, query: { ...stateReadQuery(read), ...(engine ? { engine } : {}) } },
    })),
  /** The first `limit` windows an aggregation or session window holds, the one the watermark closes next first. */
  closingWindows: (id: string, operatorId: number, limit: number, engine?: StateEngine) =>
    call(() => client.GET('/api/queries/{id}/state/{operatorId}/closing', {
      params: { path: { id, operatorId }, query: { limit, ...(engine ? { engine } : {}) } },
    })),
  /** The last row written for each key of an update or complete mode query, matching `column=value` lookups. */
  result: (id: string, keys: string[], limit: number) => call(() => client.GET('/api/queries/{id}/result', {
    params: { path: { id }, query: { ...(keys.length > 0 ? { key: keys } : {}), limit } },
  })),
  stop: (id: string) => call(() => client.POST('/api/queries/{id}/stop', query(id))),
  start: (id: string) => call(() => client.POST('/api/queries/{id}/start', query(id))),
  remove: (id: string): Promise<void> => call(() => client.DELETE('/api/queries/{id}', query(id))),
  access: (): Promise<Access> => call(() => client.GET('/api/access')),
  /** Older batches than a live snapshot's, oldest first. */
  batches: (id: string, page: HistoryPage) =>
    call(() => client.GET('/api/queries/{id}/batches', { params: { path: { id }, query: { ...page } } })),
  /** Older progress than a live snapshot's, oldest first. */
  progress: (id: string, page: HistoryPage) =>
    call(() => client.GET('/api/queries/{id}/progress', { params: { path: { id }, query: { ...page } } })),
  streams: () => call(() => client.GET('/api/streams')),
  createStream: (spec: StreamSpec) => call(() => client.POST('/api/streams', { body: spec })),
  /** The streams, queries and outside sources and sinks, with who reads and writes what. */
  graph: () => call(() => client.GET('/api/graph')),
  /** The events go as typed, so that the problem's pointer or line matches the text in the form. */
  sendEvents: (stream: string, text: string, layout: EventLayout) =>
    call(() => client.POST('/api/streams/{name}/events', {
      params: { path: { name: stream } }, headers: { 'Content-Type': CONTENT_TYPES[layout] }, ...typed<EventsBody>(text),
    })),
};

/**
 * Before a live WebSocket (re)connects: when the service wants a token and none that works is
 * kept, asks for it. A browser cannot see why a handshake was refused, so this asks the API.
 */
export async function ensureLiveAccess(): Promise<void> {
  try {
    const access = await api.access();
    if (access.tokenRequired && !access.authenticated) {
      await askForToken('This service asks for its API token (arus.security.api-token) to show queries live.');
    }
  } catch {
    // the service is unreachable: the connection's backoff deals with it
  }
}

/** Whether a query still exists: false only on a 404, true on anything else (the network may be down). */
export async function queryExists(id: string): Promise<boolean> {
  try {
    await api.get(id);
    return true;
  } catch (e) {
    return !(e instanceof ProblemError && e.problem.status === 404);
  }
}
