import type { Problem, ProgressView, QueryView, RecentBatch } from './types';

/** A refused request: the service's RFC 9457 problem, or one made up for a network failure. */
export class ProblemError extends Error {
  constructor(readonly problem: Problem) {
    super(problem.detail ?? problem.title ?? `HTTP ${problem.status ?? '?'}`);
  }
}

async function call<T>(method: string, path: string, body?: string): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers: body === undefined ? { Accept: 'application/json' }
        : { Accept: 'application/json', 'Content-Type': 'application/json' },
      ...(body === undefined ? {} : { body }),
    });
  } catch (e) {
    throw new ProblemError({ title: 'Service unreachable', detail: String(e) });
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

export const api = {
  list: () => call<QueryView[]>('GET', base),
  get: (id: string) => call<QueryView>('GET', `${base}/${encodeURIComponent(id)}`),
  progress: (id: string, limit = 100) => call<ProgressView[]>('GET', `${base}/${encodeURIComponent(id)}/progress?limit=${limit}`),
  batches: (id: string, limit = 30) => call<RecentBatch[]>('GET', `${base}/${encodeURIComponent(id)}/batches?limit=${limit}`),
  /** The spec text goes as typed, so that the server's pointer and line numbers match the editor. */
  create: (specText: string) => call<QueryView>('POST', base, specText),
  stop: (id: string) => call<QueryView>('POST', `${base}/${encodeURIComponent(id)}/stop`),
  start: (id: string) => call<QueryView>('POST', `${base}/${encodeURIComponent(id)}/start`),
  remove: (id: string) => call<void>('DELETE', `${base}/${encodeURIComponent(id)}`),
};

/** Whether a query still exists: false only on a 404, true on anything else (the network may be down). */
export async function queryExists(id: string): Promise<boolean> {
  try {
    await api.get(id);
    return true;
  } catch (e) {
    return !(e instanceof ProblemError && e.problem.status === 404);
  }
}
