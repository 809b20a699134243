// End-to-end test of the State section of a query's page in real headless Chromium, against a
// started service. Run by DashboardBrowserTest under ./mvnw verify, or by hand:
//   ARUS_BASE_URL=http://localhost:8080 npm run e2e:state
// Runs a checkpointed aggregation of 60 groups for a few batches and stops it, then on its page
// lists its operator, reads its rows at the last batch a page of 50 at a time, searches one key,
// and goes back to an earlier batch, draws its rows over the last batches from progress, and
// shows its result (the last row per bucket) with a lookup; then a checkpointed windowed count,
// whose windows are listed in the order the watermark closes them; then a checkpointed
// stream-stream join, whose rows are read a side at a time, and those waiting for a match. Each
// figure on the page is checked against the endpoints themselves.
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
  expect(!(await page.locator('[data-state-waiting]').isVisible()), 'an aggregation offers rows waiting for a match');
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

  step('the operator\'s rows over the last batches are its numRowsTotal in the progress reports');
  const reported = (await (await page.request.get(`${baseUrl}/api/queries/${aggregation}/progress`)).json())
    .map((p) => p.stateOperators[0]?.numRowsTotal);
  await page.waitForFunction((n) => (document.querySelector('[data-card="state"] [data-operator-id="0"] [data-rows-over-batches]')
    ?.getAttribute('data-rows-over-batches') ?? '').split(',').length >= n, Math.min(8, reported.length));
  const drawn = (await page.locator('[data-card="state"] [data-operator-id="0"] [data-rows-over-batches]')
    .getAttribute('data-rows-over-batches')).split(',').map(Number);
  expect(drawn.join() === reported.slice(-drawn.length).join(), `rows over batches ${drawn.join()} for reports ${reported.join()}`);
  step(`  drawn ${drawn.join(',')}`);
  expect(drawn[drawn.length - 1] === listed.numRowsTotal, `the last batch's rows ${drawn.at(-1)}, the state holds ${listed.numRowsTotal}`);

  step('the Result card holds the last row written for each bucket, and looks one up by key');
  const result = await (await page.request.get(`${baseUrl}/api/queries/${aggregation}/result?limit=1`)).json();
  expect(result.numKeys === listed.numRowsTotal && !result.truncated, `the result holds ${JSON.stringify(result)}`);
  await page.waitForFunction((t) => document.querySelector('[data-result-summary]')?.textContent === t,
    `batch ${result.batchId}: ${result.numKeys} keys, the first 50 shown`);
  expect(await page.locator('[data-table="result"] tbody tr').count() === 50, 'the result table does not hold 50 rows');
  await page.locator('[data-result-key]').fill('bucket=7');
  await page.locator('[data-action="result-read"]').click();
  await page.waitForFunction((t) => document.querySelector('[data-result-summary]')?.textContent === t,
    `batch ${result.batchId}: 1 of ${result.numKeys} keys match`);
  const looked = await page.locator('[data-table="result"] tbody td').allTextContents();
  // In update mode the last row written for a bucket carries the count its state holds.
  expect(looked.join() === `7,${bucket7.value.count}`, `looked up ${looked.join()}, the state holds ${JSON.stringify(bucket7)}`);

  step('a checkpointed count per 2-second window, stopped after 8 batches: its windows in the order the watermark closes them');
  const windowed = await runStopped(page, {
    name: `e2e-state-windows-${run}`,
    source: { format: 'rate-micro-batch', options: { rowsPerBatch: 10, advanceMillisPerBatch: 1000 } },
    steps: [{ withWatermark: { column: 'timestamp', delay: '4 seconds' } },
      { groupBy: { keys: ["window(timestamp, '2 seconds')", 'value % 2 AS parity'], aggregations: ['count(*) AS n'] } }],
    outputMode: 'update', trigger: { processingTime: '100 milliseconds' }, sink: { format: 'noop' },
    checkpointLocation: `checkpoints/e2e-state-windows-${run}`,
  }, 8);
  const closing = await (await page.request.get(`${baseUrl}/api/queries/${windowed}/state/0/closing?limit=10`)).json();
  expect(closing.windows.length > 0, `no window in the state: ${JSON.stringify(closing)}`);
  step(`  ${closing.numWindows} windows, closing at ${closing.windows.map((w) => w.closesAt.slice(11, 19)).join(', ')}`);
  await page.goto(`${baseUrl}/#/queries/${windowed}`);
  await page.locator('[data-card="state"] [data-operator-id="0"] [data-action="state-choose"]').click();
  await page.waitForFunction((n) => document.querySelectorAll('[data-table="closing"] tr[data-closes-at]').length === n,
    closing.windows.length);
  const closesAt = await page.locator('[data-table="closing"] tr[data-closes-at]').evaluateAll(
    (rows) => rows.map((r) => r.getAttribute('data-closes-at')));
  expect(closesAt.join() === closing.windows.map((w) => w.closesAt).join(),
    `closing ${closesAt.join()}, the endpoint ${JSON.stringify(closing.windows)}`);
  expect([...closesAt].sort().join() === closesAt.join(), `windows not by end: ${closesAt.join()}`);
  expect((await page.locator('[data-closing-summary]').textContent()).includes(`${closing.numWindows} window`),
    `closing summary ${await page.locator('[data-closing-summary]').textContent()}`);

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

  step('the left side\'s rows waiting for a match: those whose matched flag is still false');
  const waiting = await stateRead(page, join, 'storeName=left-keyWithIndexToValue&value=matched=false&limit=1');
  step(`  ${waiting.numRows} of the left side's ${left.numRows} rows wait`);
  expect(await page.locator('[data-state-waiting]').isVisible(), 'a join offers no rows waiting for a match');
  await page.locator('[data-state-side]').selectOption('left');
  await page.waitForFunction((t) => document.querySelector('[data-state-summary]')?.textContent?.endsWith(t), rowsOf(left.numRows));
  await page.locator('[data-state-waiting]').check();
  await page.waitForFunction((t) => document.querySelector('[data-state-summary]')?.textContent?.endsWith(t),
    waiting.numRows === 0 ? 'no rows' : rowsOf(waiting.numRows));
  if (waiting.numRows > 0) {
    const columns = await headers(page);
    expect(columns.join() === 'key.field0,key.index,value.ad_id,value.impression_time,value.matched,partition_id',
      `waiting columns ${columns.join()}`);
    const matched = await page.locator('[data-table="state-rows"] tbody tr').evaluateAll(
      (rows, at) => rows.map((r) => r.children[at]?.textContent), columns.indexOf('value.matched'));
    expect(matched.every((m) => m === 'false'), `a row waiting for a match is matched: ${matched.join()}`);
  }
  await expectNoTableCutOff(page);

  for (const id of [aggregation, windowed, join]) await page.request.delete(`${baseUrl}/api/queries/${id}?purge=true`);
});
