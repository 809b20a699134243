// End-to-end test of a query on both engines in real headless Chromium, against a service built
// with the spark profile. Run by SparkDashboardBrowserTest under ./mvnw -Pspark verify, or by hand:
//   ARUS_BASE_URL=http://localhost:8080 node e2e/engines.e2e.mjs
// Creates the chapter's query over micro-batches with "engine": "both", finds the engine's badge on
// its page and in the list, and the card that compares the two engines' outputs saying they agree,
// as the live feed's comparison messages tell it (the page does not poll the query).
import { baseUrl, runInBrowser, step } from './browser.mjs';

const spec = {
  name: `both-engines-${Date.now()}`,
  engine: 'both',
  source: { format: 'rate-micro-batch', options: { rowsPerBatch: 10, advanceMillisPerBatch: 1000 } },
  steps: [
    { withColumn: { name: 'event_time', expr: 'CAST(unix_timestamp(timestamp) - value % 3 AS TIMESTAMP)' } },
    { withWatermark: { column: 'event_time', delay: '1 second' } },
    { groupBy: { keys: ["window(event_time, '2 seconds')"], aggregations: ['count(*) AS count'] } },
  ],
  outputMode: 'append',
  trigger: { processingTime: '500 milliseconds' },
  sink: { format: 'noop' },
};

await runInBrowser(async ({ page }) => {
  step('create a query on both engines');
  const created = await fetch(`${baseUrl}/api/queries`, {
    method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(spec),
  });
  if (created.status !== 201) throw new Error(`creating the query answered ${created.status}: ${await created.text()}`);
  const { id } = await created.json();

  step('its page shows both engines and a comparison, pushed over the WebSocket, in which they agree');
  // The card follows the live feed's comparison messages: the page asks for the query over REST no more once it shows.
  let queryRequests = 0;
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === `/api/queries/${id}`) queryRequests++;
  });
  await page.goto(`${baseUrl}/#/queries/${id}`);
  await page.locator(`h1.query-name:text("${spec.name}")`).waitFor();
  await page.locator('.query-title [data-engine="both"]', { hasText: 'Arus + Spark' }).waitFor();
  const card = page.locator('[data-card="comparison"]');
  await card.waitFor();
  const requestsWhenShown = queryRequests;
  await page.waitForFunction(() => Number(document.querySelector('[data-card="comparison"]')?.getAttribute('data-compared') ?? 0) >= 3,
    undefined, { timeout: 90_000 });
  if ((await card.getAttribute('data-verdict')) !== 'AGREE') throw new Error(`verdict ${await card.getAttribute('data-verdict')}`);
  await card.locator('.comparison-counts', { hasText: /^Arus has written \d+ batches, Spark \d+ batches in this run\.$/ }).waitFor();
  if (queryRequests !== requestsWhenShown) throw new Error(`the page polled the query ${queryRequests - requestsWhenShown} times`);
  await card.locator('.comparison-headline', { hasText: /^Both engines agree on all \d+ batches compared\.$/ }).waitFor();
  if ((await card.getAttribute('data-differing')) !== '0') throw new Error('the engines differ');

  step('the list shows the engine too; stop and delete');
  await page.getByRole('link', { name: 'Queries' }).click();
  const row = page.locator(`tr[data-query-name="${spec.name}"]`);
  await row.locator('[data-engine="both"]').waitFor();
  await row.locator('[data-action="stop"]').click();
  await row.locator('[data-state="STOPPED"]').waitFor();
  await row.locator('[data-action="delete"]').click();
  await row.locator('[data-action="delete"]', { hasText: 'Really delete?' }).click();
  await row.waitFor({ state: 'detached' });
});
