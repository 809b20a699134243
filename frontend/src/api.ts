import { askForToken, currentToken, forgetToken } from './auth';
import type { HistoryPage } from './liveModel';
import { CONTENT_TYPES, type EventLayout } from './streams';
import type { CheckpointView, IngestResult, PipelineGraph, PreviewView, Problem, ProgressView, QueryView, RecentBatch, SqlFunction,
  ClosingWindowsView, ResultView, SqlTable, StateRowsView, StateStoreView, StreamSpec, StreamView } from './types';
import { closingPath, stateReadPath, type StateRead } from './stateView';
import { resultPath } from './resultView';

/** A refused request: the service's RFC 9457 problem, or one made up for a network failure. */
export class ProblemError extends Error {
  constructor(readonly problem: Problem) {
    super(problem.detail ?? problem.title ?? `HTTP ${problem.status ?? '?'}`);
  }
}

function headers(body: string | undefined, contentType: string): Record<string, string> {
  const all: Record<string, string> = { Accept: 'application/json' };
  if (body !== undefined) all['Content-Type'] = contentType;
  const token = currentToken();
  if (token) all.Authorization = `Bearer ${token}`;
  return all;
}

/**
 * One request. A 401 (the service wants its API token, or the one kept is wrong) asks the user
 * for the token once and sends the request again with it, unless `mayAsk` is false (a request
 * the user did not ask for, such as the columns an editor completes).
 */
async function call<T>(method: string, path: string, body?: string, contentType = 'application/json',
  mayAsk = true): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, { method, headers: headers(body, contentType), ...(body === undefined ? {} : { body }) });
  } catch (e) {
    throw new ProblemError({ title: 'Service unreachable', detail: String(e) });
  }
  if (response.status === 401 && mayAsk) {
    const hadToken = currentToken() !== null;
    forgetToken();
    const token = await askForToken(hadToken ? 'The token kept for this session was refused; enter the service\'s API token.'
      : 'This service asks for its API token (arus.security.api-token) to change queries and streams or watch queries live.');
    if (token !== null) return call<T>(method, path, body, contentType, false);
  }
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  if (!response.ok) {
    let problem: Problem = { status: response.status, title: response.statusText, detail: text.slice(0, 300) };
    try {
      problem = { status: response.status, ...(JSON.parse(text) as Problem) };
    } catch {
      // not a problem body: keep the text
    }
    throw new ProblemError(problem);
  }
  return JSON.parse(text) as T;
}

const base = '/api/queries';

/** Whether the service wants the API token, and whether the token kept for this session is right. */
export interface Access { tokenRequired: boolean; authenticated: boolean }

export const api = {
  list: () => call<QueryView[]>('GET', base),
  get: (id: string) => call<QueryView>('GET', `${base}/${encodeURIComponent(id)}`),
  /** The spec text goes as typed, so that the server's pointer and line numbers match the editor. */
  create: (specText: string) => call<QueryView>('POST', base, specText),
  /** Runs the spec for at most `batches` batches with rows or `seconds`, creating nothing. */
  preview: (specText: string, batches: number, seconds: number) =>
    call<PreviewView>('POST', `${base}/preview?batches=${batches}&seconds=${seconds}`, specText),
  /** The columns of a spec's tables, as `{"tables": ...}` text; never asks for the token. */
  sqlTables: (tablesText: string) => call<SqlTable[]>('POST', '/api/sql/tables', `{"tables": ${tablesText}}`,
    'application/json', false),
  sqlFunctions: () => call<SqlFunction[]>('GET', '/api/sql/functions'),
  /**
   * Replaces a query's definition with the spec as typed, keeping its id and checkpoint; with
   * `resetCheckpoint` the checkpoint is deleted and the new definition starts afresh on it.
   */
  replace: (id: string, specText: string, resetCheckpoint: boolean) =>
    call<QueryView>('PUT', `${base}/${encodeURIComponent(id)}${resetCheckpoint ? '?resetCheckpoint=true' : ''}`, specText),
  /** Where the query keeps its checkpoint and the last batch it committed; a 404 for a query without one. */
  checkpoint: (id: string) => call<CheckpointView>('GET', `${base}/${encodeURIComponent(id)}/checkpoint`),
  /** The query's stateful operators, a row per store; a 404 `no-state` for a query without a checkpoint. */
  stateStores: (id: string) => call<StateStoreView[]>('GET', `${base}/${encodeURIComponent(id)}/state`),
  /** A page of one operator's state rows at a committed batch. */
  stateRows: (id: string, read: StateRead) => call<StateRowsView>('GET', stateReadPath(id, read)),
  /** The first `limit` windows an aggregation or session window holds, the one the watermark closes next first. */
  closingWindows: (id: string, operatorId: number, limit: number) =>
    call<ClosingWindowsView>('GET', closingPath(id, operatorId, limit)),
  /** The last row written for each key of an update or complete mode query, matching `column=value` lookups. */
  result: (id: string, keys: string[], limit: number) => call<ResultView>('GET', resultPath(id, keys, limit)),
  stop: (id: string) => call<QueryView>('POST', `${base}/${encodeURIComponent(id)}/stop`),
  start: (id: string) => call<QueryView>('POST', `${base}/${encodeURIComponent(id)}/start`),
  remove: (id: string) => call<void>('DELETE', `${base}/${encodeURIComponent(id)}`),
  access: () => call<Access>('GET', '/api/access'),
  /** Older batches than a live snapshot's, oldest first. */
  batches: (id: string, page: HistoryPage) =>
    call<RecentBatch[]>('GET', `${base}/${encodeURIComponent(id)}/batches?before=${page.before}&limit=${page.limit}`),
  /** Older progress than a live snapshot's, oldest first. */
  progress: (id: string, page: HistoryPage) =>
    call<ProgressView[]>('GET', `${base}/${encodeURIComponent(id)}/progress?before=${page.before}&limit=${page.limit}`),
  streams: () => call<StreamView[]>('GET', '/api/streams'),
  createStream: (spec: StreamSpec) => call<StreamView>('POST', '/api/streams', JSON.stringify(spec)),
  /** The streams, queries and outside sources and sinks, with who reads and writes what. */
  graph: () => call<PipelineGraph>('GET', '/api/graph'),
  /** The events go as typed, so that the problem's pointer or line matches the text in the form. */
  sendEvents: (stream: string, text: string, layout: EventLayout) =>
    call<IngestResult>('POST', `/api/streams/${encodeURIComponent(stream)}/events`, text, CONTENT_TYPES[layout]),
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
