import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// The client resolves the API's paths against the page's origin; a test page lives at arus.test.
vi.hoisted(() => { (globalThis as { location?: unknown }).location = { origin: 'http://arus.test' }; });

const auth = vi.hoisted(() => ({ token: null as string | null, answer: null as string | null, asked: 0 }));
vi.mock('../src/auth', () => ({
  currentToken: () => auth.token,
  forgetToken: () => { auth.token = null; },
  askForToken: async () => { auth.asked += 1; auth.token = auth.answer; return auth.answer; },
}));

const { api, ProblemError, queryExists } = await import('../src/api');

interface Sent { method: string; url: string; headers: Headers; body: string }

/** A service that answers each request with the next of `answers`, keeping what was sent. */
function serve(...answers: (Response | Error)[]): Sent[] {
  const sent: Sent[] = [];
  vi.stubGlobal('fetch', async (request: Request) => {
    sent.push({ method: request.method, url: request.url, headers: request.headers, body: await request.text() });
    const answer = answers.shift() ?? new Response(null, { status: 500 });
    if (answer instanceof Error) throw answer;
    return answer;
  });
  return sent;
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

beforeEach(() => { auth.token = null; auth.answer = null; auth.asked = 0; });
afterEach(() => { vi.unstubAllGlobals(); });

describe('api', () => {
  it('sends a spec as typed, so the server\'s pointer and lines match the editor', async () => {
    const sent = serve(json({ id: 'q' }, 201));
    const spec = '{\n  "name": "q",   "source": {"format": "rate"}\n}';
    await expect(api.create(spec)).resolves.toEqual({ id: 'q' });
    expect(sent).toHaveLength(1);
    expect(sent[0]?.method).toBe('POST');
    expect(sent[0]?.url).toBe('http://arus.test/api/queries');
    expect(sent[0]?.body).toBe(spec);
    expect(sent[0]?.headers.get('Content-Type')).toBe('application/json');
    expect(sent[0]?.headers.get('Accept')).toBe('application/json');
  });

  it('puts path and query parameters where the OpenAPI document says', async () => {
    const sent = serve(json([]), json([]), json({}), json({ id: 'q 1' }));
    await api.stateRows('q 1', { operatorId: 2, batchId: 3, keys: ['window.start=2026-12-01T10:00:00.000Z', 'user=a&b'],
      limit: 50, after: 'p2', joinSide: 'right' });
    await api.stateRows('q', { operatorId: 0, batchId: null, keys: [], limit: 50, after: null, joinSide: null });
    await api.preview('{}', 3, 20);
    await api.replace('q 1', '{}', true);
    expect(sent.map((s) => `${s.method} ${s.url}`)).toEqual([
      'GET http://arus.test/api/queries/q%201/state/2?batchId=3&key=window.start%3D2026-12-01T10%3A00%3A00.000Z'
        + '&key=user%3Da%26b&limit=50&after=p2&joinSide=right',
      'GET http://arus.test/api/queries/q/state/0?limit=50',
      'POST http://arus.test/api/queries/preview?batches=3&seconds=20',
      'PUT http://arus.test/api/queries/q%201?resetCheckpoint=true',
    ]);
  });

  it('sends events in the content type of their layout', async () => {
    const sent = serve(json({ count: 2, offsets: {} }));
    await api.sendEvents('orders', '{"a":1}\n{"a":2}\n', 'ndjson');
    expect(sent[0]?.url).toBe('http://arus.test/api/streams/orders/events');
    expect(sent[0]?.headers.get('Content-Type')).toBe('application/x-ndjson');
    expect(sent[0]?.body).toBe('{"a":1}\n{"a":2}\n');
  });

  it('sends the kept token, and on a 401 asks for one and sends the request again with it', async () => {
    auth.token = 'old';
    auth.answer = 'new';
    const sent = serve(new Response(null, { status: 401 }), new Response(null, { status: 204 }));
    await expect(api.remove('q')).resolves.toBeUndefined();
    expect(auth.asked).toBe(1);
    expect(sent.map((s) => s.headers.get('Authorization'))).toEqual(['Bearer old', 'Bearer new']);
  });

  it('does not ask for the token for a request the user did not ask for', async () => {
    serve(json({ title: 'Unauthorized', status: 401 }, 401));
    await expect(api.sqlTables('{}')).rejects.toBeInstanceOf(ProblemError);
    expect(auth.asked).toBe(0);
  });

  it('turns a refusal into the service\'s problem, or a problem made of its text', async () => {
    serve(new Response(JSON.stringify({ type: 'about:blank', title: 'Bad Request', detail: 'no such column', pointer: '/steps/0' }),
      { status: 400, headers: { 'Content-Type': 'application/problem+json' } }),
    new Response('<html>gateway</html>', { status: 502, statusText: 'Bad Gateway' }));
    await expect(api.create('{}')).rejects.toMatchObject({ problem: { status: 400, detail: 'no such column', pointer: '/steps/0' } });
    await expect(api.list()).rejects.toMatchObject({ problem: { status: 502, title: 'Bad Gateway', detail: '<html>gateway</html>' } });
  });

  it('says the service is unreachable when the request does not get through', async () => {
    serve(new TypeError('Failed to fetch'));
    await expect(api.list()).rejects.toMatchObject({ problem: { title: 'Service unreachable', detail: 'TypeError: Failed to fetch' } });
  });

  it('tells a query that is gone (404) from one it cannot reach', async () => {
    serve(json({ status: 404, title: 'Not Found' }, 404), new TypeError('Failed to fetch'));
    expect(await queryExists('gone')).toBe(false);
    expect(await queryExists('q')).toBe(true);
  });
});
