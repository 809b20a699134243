// End-to-end test of the live view of the new stateful operators in real headless Chromium,
// against a started service. Run by DashboardBrowserTest under ./mvnw verify, or by hand:
//   ARUS_BASE_URL=http://localhost:8080 npm run e2e:operators
// Creates a query from the session-window template and finds its sessions as bars on the
// event-time axis, then one from the stream-stream join template and finds its rows in the rows
// table with the watermark, and the join's state in the state chart; last, a deduplication with an
// aggregation after it, whose state chart has a line for each of the two operators.
import { baseUrl, runInBrowser, screenshot, step } from './browser.mjs';

/** Creates a query from the create form's template `id` as the form fills it in; returns its name. */
async function createFromTemplate(page, id) {
  await page.goto(`${baseUrl}/#/new`);
  await page.locator('#template').selectOption(id);
  await page.locator('.template-describe').waitFor();
  const name = await page.locator('#spec-name').inputValue();
  await page.locator('[data-action="create"]').click();
  await page.waitForURL(/#\/queries\/[0-9a-f-]+$/);
  await page.locator(`h1.query-name:text("${name}")`).waitFor();
  await page.locator('[data-connection="live"]').waitFor();
  return name;
}

async function stopAndDelete(page) {
  await page.locator('[data-action="stop"]').click();
  await page.locator('.query-title [data-state="STOPPED"]').waitFor();
  await page.locator('[data-action="delete"]').click();
  await page.locator('[data-action="delete"]', { hasText: 'Really delete?' }).click();
  await page.getByRole('heading', { name: 'Queries' }).waitFor();
}

const attribute = (page, selector, name) => page.evaluate(([s, n]) => document.querySelector(s)?.getAttribute(n), [selector, name]);

await runInBrowser(async ({ page }) => {
  step('a query from the session-window template');
  await createFromTemplate(page, 'session');
  await page.locator('[data-card="results"] h2', { hasText: 'Sessions per key' }).waitFor();
  await page.locator('[data-chart="results"][data-kind="sessions"]').waitFor();

  step('its sessions are bars, in a lane per user, as wide as each session');
  await page.waitForFunction(() => {
    const chart = document.querySelector('[data-chart="results"]');
    return Number(chart?.getAttribute('data-final-sessions') ?? 0) >= 6 && Number(chart?.getAttribute('data-lanes') ?? 0) === 3;
  });
  const spans = (await attribute(page, '[data-chart="results"]', 'data-session-seconds')).split(',').map(Number);
  // Each user clicks in bursts of two seconds, so a session runs from its first click to its last plus the 2-second gap.
  if (!spans.every((s) => s === 3)) throw new Error(`sessions of ${spans.join(', ')} s, not of 3 s each`);
  if (await page.locator('[data-card="rows"]').isVisible()) throw new Error('a session query shows the rows table');
  await page.locator('.kpi[data-kpi="watermark"] dd', { hasText: 'UTC' }).waitFor();
  await page.waitForFunction(() => document.querySelector('[data-chart="State rows"]')?.getAttribute('data-lines')?.startsWith('session'));
  await screenshot(page, process.env.ARUS_SCREENSHOT_SESSIONS);
  await stopAndDelete(page);

  step('a query from the stream-stream join template');
  await createFromTemplate(page, 'join-stream');
  await page.locator('[data-card="rows"]').waitFor();
  if (await page.locator('[data-card="results"]').isVisible()) throw new Error('a join query shows the window chart');

  step('its rows are in the rows table with the watermark, matched clicks and unmatched impressions');
  await page.locator('.rows-watermark', { hasText: /^watermark \d\d:\d\d:\d\d UTC$/ }).waitFor();
  await page.waitForFunction(() => Number(document.querySelector('[data-table="rows"]')?.getAttribute('data-rows') ?? 0) >= 10);
  const headers = await page.locator('[data-table="rows"] th').allTextContents();
  if (headers.join() !== 'batch,watermark,ad_id,impression_time,click_time') throw new Error(`columns ${headers.join(', ')}`);
  await page.locator('[data-table="rows"] tr', { has: page.locator('td', { hasText: /^NULL$/ }) }).first().waitFor();
  await page.locator('[data-table="rows"] tr', { has: page.locator('td:last-child', { hasText: /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/ }) }).first().waitFor();
  await page.locator('[data-table="rows"] td.cell-watermark', { hasText: /^\d\d:\d\d:\d\d$/ }).first().waitFor();
  await page.waitForFunction(() => document.querySelector('[data-chart="State rows"]')?.getAttribute('data-lines') === 'symmetricHashJoin');
  await screenshot(page, process.env.ARUS_SCREENSHOT_ROWS);
  await stopAndDelete(page);

  step('a deduplication followed by an aggregation: a state line per operator');
  const start = Math.floor(Date.now() / 60_000) * 60_000;
  const created = await page.request.post(`${baseUrl}/api/queries`, { data: {
    name: `e2e-dedup-then-count-${Date.now() % 100000}`,
    source: { format: 'rate-micro-batch', options: { rowsPerBatch: 10, advanceMillisPerBatch: 1000, startTimestamp: start } },
    steps: [{ selectExpr: ['value DIV 2 AS order_id', 'timestamp AS event_time'] },
      { withWatermark: { column: 'event_time', delay: '2 seconds' } },
      { dropDuplicatesWithinWatermark: ['order_id'] },
      { groupBy: { keys: ["window(event_time, '4 seconds')"], aggregations: ['count(*) AS orders'] } }],
    outputMode: 'append', trigger: { processingTime: '250 milliseconds' }, sink: { format: 'memory' },
  } });
  if (created.status() !== 201) throw new Error(`the query was refused: ${await created.text()}`);
  await page.goto(`${baseUrl}/#/queries/${(await created.json()).id}`);
  await page.locator('[data-connection="live"]').waitFor();
  // In Spark's order: the plan's stateful operators from the top, so the aggregation first.
  await page.waitForFunction(() => document.querySelector('[data-chart="State rows"]')?.getAttribute('data-lines')
    === 'stateStoreSave,dedupeWithinWatermark', undefined, { timeout: 30_000 }).catch(async (e) => {
    throw new Error(`state chart lines: ${await attribute(page, '[data-chart="State rows"]', 'data-lines')} (${e.message})`);
  });
  await page.locator('[data-chart="results"][data-kind="windows"]').waitFor();
  await stopAndDelete(page);
});
