// End-to-end test of the Pipelines page in real headless Chromium, against a started service that
// runs a two-stage pipeline in SQL: the query ARUS_WRITER fills the streaming table ARUS_TABLE from
// a posted stream, and the query ARUS_READER reads the table with a windowed aggregation. Run by
// PipelinesBrowserTest under ./mvnw verify, or by hand against a service running such queries:
//   ARUS_BASE_URL=http://localhost:8080 ARUS_WRITER=<id> ARUS_READER=<id> ARUS_TABLE=big npm run e2e:pipelines
// Exits non-zero with a message on the first failed expectation.
import { baseUrl, expectNoSidewaysScrollOnAPhone, runInBrowser, screenshot, step } from './browser.mjs';

const writer = process.env.ARUS_WRITER;
const reader = process.env.ARUS_READER;
const table = process.env.ARUS_TABLE ?? 'big';
if (!writer || !reader) throw new Error('set ARUS_WRITER and ARUS_READER to the two queries\' ids');

await runInBrowser(async ({ page }) => {
  step(`open ${baseUrl}/ and follow the navigation to Pipelines`);
  await page.goto(`${baseUrl}/`);
  await page.getByRole('link', { name: 'Pipelines' }).click();
  await page.locator('a[data-nav="pipelines"].active').waitFor();

  step('both queries are there, active');
  const writerName = await page.locator(`.pipeline-query:has(a[href="#/queries/${writer}"])`).getAttribute('data-query-name');
  const readerName = await page.locator(`.pipeline-query:has(a[href="#/queries/${reader}"])`).getAttribute('data-query-name');
  for (const name of [writerName, readerName]) {
    await page.locator(`.pipeline-query[data-query-name="${name}"] [data-state="ACTIVE"]`).waitFor();
  }

  step(`the stream ${table} is between them: the first writes it, the second reads it`);
  const writes = page.locator(`tr[data-edge-from="query:${writer}"][data-edge-to="stream:${table}"][data-kind="writes"]`);
  const reads = page.locator(`tr[data-edge-from="stream:${table}"][data-edge-to="query:${reader}"][data-kind="reads"]`);
  await writes.waitFor();
  await reads.waitFor();
  step('the table\'s rows flow: the writer\'s rate is above zero, the reader has a lag');
  await page.waitForFunction((sel) => Number(document.querySelector(sel)?.getAttribute('data-rows-per-second')) > 0,
    `tr[data-edge-from="query:${writer}"][data-edge-to="stream:${table}"]`);
  await reads.locator('td').nth(5).filter({ hasText: /^(caught up|\d.* (s|min|h|d))$/ }).waitFor();

  step('the graph draws the three boxes, in order from left to right');
  const graph = page.locator('[data-graph] svg');
  const box = async (text) => {
    const label = graph.locator('text', { hasText: new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\-]/g, '\\$&')}$`) }).first();
    await label.waitFor();
    return label.boundingBox();
  };
  const [from, middle, to] = [await box(writerName), await box(table), await box(readerName)];
  if (!(from.x < middle.x && middle.x < to.x)) {
    throw new Error(`not left to right: ${writerName} at ${from.x}, ${table} at ${middle.x}, ${readerName} at ${to.x}`);
  }

  step('a query\'s box opens its live view');
  // The chart hit-tests the pointer itself (zrender), so the click goes to the box's place.
  await page.mouse.click(to.x + to.width / 2, to.y + to.height / 2);
  await page.waitForURL(`**/#/queries/${reader}`);
  step('and at once back: the query page, whose code may come later, does not replace the pipelines');
  await page.getByRole('link', { name: 'Pipelines' }).click();
  await reads.waitFor();
  await page.locator('.query-head').waitFor({ state: 'detached' });

  step('the page fits a phone');
  await expectNoSidewaysScrollOnAPhone(page);
  await box(table);
  await screenshot(page, process.env.ARUS_SCREENSHOT);
});
