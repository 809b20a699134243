// End-to-end test of the State section of a query's page in real headless Chromium, against a
// started service. Run by DashboardBrowserTest under ./mvnw verify, or by hand:
//   ARUS_BASE_URL=http://localhost:8080 npm run e2e:state
// Runs a checkpointed aggregation of 60 groups for a few batches and stops it, then on its page
// lists its operator, reads its rows at the last batch a page of 50 at a time, searches one key,
// and goes back to an earlier batch; then a checkpointed stream-stream join, whose rows are read
// a side at a time. Each figure on the page is checked against the state endpoint itself.
import { baseUrl, expectNoTableCutOff, runInBrowser, screenshot, step } from './browser.mjs';

const expect = (condition, message) => { if (!condition) throw new Error(message); };
const run = Date.now() % 100000;

/** Creates `spec` through the API, lets it commit `batches` batches, stops it; returns its id. */
async function runStopped(page, spec, batches) {
  const created = await page.request.post(`${baseUrl}/api/queries`, { data: spec });
  expect(created.status() === 201, `the query was refused: ${await created.text()}`);
  const id = (await created.json()).id;
  const deadline = Date.now() + 60_000;
  for (;;) {
    const checkpoint = await page.request.get(`${baseUrl}/api/queries/${id}/checkpoint`);
    if (checkpoint.ok() && ((await checkpoint.json()).lastCommitted?.batchId ?? -1) >= batches - 1) break;
    expect(Date.now() < deadline, `${spec.name} did not commit ${batches} batches in 60 s`);
    await page.waitForTimeout(200);
  }
  const stopped = await page.request.post(`${baseUrl}/api/queries/${id}/stop`);
  expect(stopped.ok(), `stop: ${await stopped.text()}`);
  return id;
}

/** What the state endpoint itself says for a read, to check the page against. */
async function stateRead(page, id, query) {
  const response = await page.request.get(`${baseUrl}/api/queries/${id}/state/0?${query}`);
  expect(response.ok(), `state read ${query}: ${await response.text()}`);
  return response.json();
}

const summary = (page) => page.locator('[data-state-summary]').textContent();
const headers = (page) => page.locator('[data-table="state-rows"] th').allTextContents();

await runInBrowser(async ({ page }) => {
  step('a checkpointed count per bucket of 60, run for 8 batches of 10 rows, then stopped');
  const aggregation = await runStopped(page, {
    name: `e2e-state-buckets-${run}`,
    source: { format: 'rate-micro-batch', options: { rowsPerBatch: 10, advanceMillisPerBatch: 1000 } },
    steps: [{ groupBy: { keys: ['value % 60 AS bucket'], aggregations: ['count(*) AS n'] } }],
    outputMode: 'update', trigger: { processingTime: '100 milliseconds' }, sink: { format: 'memory' },
    checkpointLocation: `checkpoints/e2e-state-buckets-${run}`,
  }, 8);
  const listed = (await (await page.request.get(`${baseUrl}/api/queries/${aggregation}/state`)).json())[0];

  step('its page lists the operator with its store, partitions, batch range and rows');
  await page.goto(`${baseUrl}/#/queries/${aggregation}`);
  const operatorRow = page.locator('[data-card="state"] [data-operator-id="0"]');
  await operatorRow.waitFor();
  const cells = (await operatorRow.locator('td').allTextContents()).slice(0, 6);
  expect(cells.join('|') === `0|stateStoreSave|default|${listed.numPartitions}|${listed.minBatchId}–${listed.maxBatchId}|`
    + `${listed.numRowsTotal}`, `operator row ${cells.join('|')} for ${JSON.stringify(listed)}`);
  expect(listed.numRowsTotal > 50, `only ${listed.numRowsTotal} groups: no second page to read`);

  step('its rows at the last batch, 50 to a page, and the page after');
  await operatorRow.locator('[data-action="state-choose"]').click();
  await page.waitForFunction((n) => document.querySelector('[data-state-summary]')?.textContent
    ?.endsWith(`rows 1–50 of ${n}`), listed.numRowsTotal);
  expect((await summary(page)).startsWith(`batch ${listed.maxBatchId}:`), `summary ${await summary(page)}`);
  expect((await headers(page)).join() === 'key.bucket,value.count,partition_id', `columns ${(await headers(page)).join()}`);
  expect(await page.locator('[data-table="state-rows"] tbody tr').count() === 50, 'the first page does not hold 50 rows');
  // The card's head just under the page's fixed header.
  await page.evaluate(() => window.scrollTo(0, (document.querySelector('[data-card="state"]')?.getBoundingClientRect().top ?? 0)
    + window.scrollY - (document.querySelector('header')?.getBoundingClientRect().height ?? 0) - 8));
  await screenshot(page, process.env.ARUS_SCREENSHOT_STATE);
  await page.locator('[data-action="state-next"]').click();
  await page.waitForFunction((n) => document.querySelector('[data-state-summary]')?.textContent
    ?.endsWith(`rows 51–${n} of ${n}`), listed.numRowsTotal);
  expect(await page.locator('[data-action="state-next"]').isDisabled(), 'a page after the last is offered');
  await page.locator('[data-action="state-previous"]').click();
  await page.waitForFunction((n) => document.querySelector('[data-state-summary]')?.textContent?.endsWith(`rows 1–50 of ${n}`),
    listed.numRowsTotal);

  step('a search by key finds the one bucket, with the count the endpoint gives');
  const bucket7 = (await stateRead(page, aggregation, 'key=bucket=7')).rows[0];
  await page.locator('[data-state-key]').fill('bucket=7');
  await page.locator('[data-action="state-read"]').click();
  await page.waitForFunction(() => document.querySelector('[data-state-summary]')?.textContent?.endsWith('rows 1–1 of 1'));
  const found = await page.locator('[data-table="state-rows"] tbody td').allTextContents();
  expect(found.join() === `7,${bucket7.value.count},${bucket7.partition_id}`, `found ${found.join()} for ${JSON.stringify(bucket7)}`);

  step('the first batch of the range has fewer groups, as the endpoint reads them');
  const earlier = await stateRead(page, aggregation, `batchId=${listed.minBatchId}&limit=1`);
  expect(earlier.numRows < listed.numRowsTotal, `batch ${listed.minBatchId} holds ${earlier.numRows} groups`);
  await page.locator('[data-state-key]').fill('');
  await page.locator('[data-state-batch]').fill(String(listed.minBatchId));
  await page.locator('[data-action="state-read"]').click();
  await page.waitForFunction(([b, n]) => document.querySelector('[data-state-summary]')?.textContent === `batch ${b}: rows 1–${n} of ${n}`,
    [listed.minBatchId, earlier.numRows]);

  step('a checkpointed stream-stream join, stopped after 8 batches');
  const join = await runStopped(page, {
    name: `e2e-state-join-${run}`,
    sql: 'SELECT i.ad_id, i.impression_time, c.click_time\n'
      + 'FROM (SELECT value AS ad_id, timestamp AS impression_time FROM impressions)\n'
      + '  WATERMARK impression_time DELAY OF INTERVAL 2 SECONDS AS i\n'
      + 'LEFT JOIN (SELECT value - 20 AS ad_id, timestamp AS click_time FROM clicks WHERE value % 3 = 2 AND value >= 20)\n'
      + '  WATERMARK click_time DELAY OF INTERVAL 2 SECONDS AS c\n'
      + 'ON i.ad_id = c.ad_id AND c.click_time BETWEEN i.impression_time AND i.impression_time + INTERVAL 3 SECONDS',
    tables: { impressions: { format: 'rate-micro-batch', options: { rowsPerBatch: 10, advanceMillisPerBatch: 1000 } },
      clicks: { format: 'rate-micro-batch', options: { rowsPerBatch: 10, advanceMillisPerBatch: 1000 } } },
    outputMode: 'append', trigger: { processingTime: '100 milliseconds' }, sink: { format: 'memory' },
    checkpointLocation: `checkpoints/e2e-state-join-${run}`,
  }, 8);
  const [left, right] = [await stateRead(page, join, 'joinSide=left&limit=1'), await stateRead(page, join, 'joinSide=right&limit=1')];
  expect(left.numRows > 0 && right.numRows > 0, `the join holds ${left.numRows} left and ${right.numRows} right rows`);

  step('its one operator lists four stores; its rows are read a side at a time');
  await page.goto(`${baseUrl}/#/queries/${join}`);
  const joinRow = page.locator('[data-card="state"] [data-operator-id="0"]');
  await joinRow.waitFor();
  expect((await joinRow.locator('td').nth(1).textContent()) === 'symmetricHashJoin', 'the join is not listed');
  expect((await joinRow.locator('td').nth(2).textContent())?.split(', ').length === 4, 'the join\'s four stores are not listed');
  await joinRow.locator('[data-action="state-choose"]').click();
  const rowsOf = (n) => n > 50 ? `rows 1–50 of ${n}` : `rows 1–${n} of ${n}`;
  await page.waitForFunction((t) => document.querySelector('[data-state-summary]')?.textContent?.endsWith(t), rowsOf(left.numRows));
  expect((await headers(page)).join() === 'key.field0,value.ad_id,value.impression_time,partition_id',
    `left columns ${(await headers(page)).join()}`);
  await page.locator('[data-state-side]').selectOption('right');
  await page.waitForFunction((t) => document.querySelector('[data-state-summary]')?.textContent?.endsWith(t), rowsOf(right.numRows));
  expect((await headers(page)).join() === 'key.field0,value.ad_id,value.click_time,partition_id',
    `right columns ${(await headers(page)).join()}`);
  await expectNoTableCutOff(page);

  for (const id of [aggregation, join]) await page.request.delete(`${baseUrl}/api/queries/${id}?purge=true`);
});
