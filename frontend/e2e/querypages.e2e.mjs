// End-to-end test of the pages a first hour runs into, in real headless Chromium: an unknown
// route, an unknown query id, a query restored stopped after a restart of the service (no
// progress in memory: its page shows its definition and its checkpoint's last batch), an edit of
// its SQL (saved when the checkpoint allows it, refused with Spark's rule when not), and the
// Streams page's form that creates a stream; at 1400 px and at a phone's 390 px. Run by
// QueryPagesBrowserTest, or by hand against a service with a stopped checkpointed query whose
// SQL windows `ticks` by '2 seconds' WHERE value % 1 < 1:
//   ARUS_BASE_URL=http://localhost:8080 ARUS_RESTORED=<id> npm run e2e:querypages
// Exits non-zero with a message on the first failed expectation.
import { baseUrl, expectNoSidewaysScrollOnAPhone, expectNoTableCutOff, runInBrowser, screenshot, step } from './browser.mjs';

const restored = process.env.ARUS_RESTORED;
if (!restored) throw new Error('set ARUS_RESTORED to the id of a stopped, checkpointed query');

const text = async (locator) => (await locator.textContent())?.trim() ?? '';
const expect = (condition, message) => { if (!condition) throw new Error(message); };

await runInBrowser(async ({ page, expectRefusals }) => {
  await page.setViewportSize({ width: 1400, height: 900 });

  step('an unknown route has a page of its own, not the list');
  await page.goto(`${baseUrl}/#/nonsense`);
  await page.locator('[data-page="not-found"] h1', { hasText: 'Page not found' }).waitFor();
  expect(await page.locator('table.queries').count() === 0, 'the list is shown under an unknown route');
  await expectNoSidewaysScrollOnAPhone(page);
  await page.setViewportSize({ width: 1400, height: 900 });

  step('an unknown query id has a page of its own, with no Stop, Start or Delete');
  // Chromium logs the refused WebSocket handshake and the 404 of the query's look-up as errors.
  expectRefusals(/status of 404|WebSocket/);
  await page.goto(`${baseUrl}/#/queries/00000000-0000-0000-0000-000000000000`);
  await page.locator('[data-page="not-found"] h1', { hasText: 'Query not found' }).waitFor();
  expect(await page.locator('[data-action="stop"]').count() === 0, 'Stop is offered for an unknown query');
  expectRefusals(null);

  step('the restored stopped query: its state, the checkpoint\'s last batch, its definition');
  await page.goto(`${baseUrl}/#/queries/${restored}`);
  await page.locator('.query-head [data-state="STOPPED"]').waitFor();
  const batchKpi = page.locator('[data-kpi="batch"] dd');
  await page.waitForFunction(() => /· checkpoint$/.test(document.querySelector('[data-kpi="batch"] dd')?.textContent ?? ''));
  const committed = Number(/#(\d+)/.exec(await text(batchKpi))?.[1]);
  expect(committed >= 3, `the checkpoint's last batch is ${committed}, expected at least 3`);
  expect(/UTC$/.test(await text(page.locator('[data-kpi="watermark"] dd'))), 'no watermark from the checkpoint');
  const definition = page.locator('[data-card="definition"]');
  expect(await text(definition.locator('[data-fact="checkpoint"] dd')) === 'checkpoints/restored', 'checkpoint location not shown');
  expect((await text(definition.locator('[data-fact="last-committed"] dd'))).startsWith(`batch #${committed} at `),
    'the last committed batch is not in the definition');
  expect(await text(definition.locator('[data-fact="sink"] dd')) === 'memory', 'the sink is not shown');
  expect((await text(definition.locator('[data-fact="sources"] dd'))) === 'ticks: rate-micro-batch', 'the table is not shown');
  expect((await text(page.locator('.chart-empty'))).includes(`last batch was batch #${committed}`),
    'the empty chart does not say where the query goes on');
  expect(await page.locator('.measure-label').isHidden(), 'an empty "height" select is shown');
  expect(await page.locator('[data-action="start"]').isEnabled(), 'Start is not offered for the stopped query');
  await screenshot(page, process.env.ARUS_SCREENSHOT_RESTORED);
  await expectNoSidewaysScrollOnAPhone(page, process.env.ARUS_SCREENSHOT_RESTORED_PHONE);
  await page.setViewportSize({ width: 1400, height: 900 });

  step('an edit the checkpoint allows (the filter) is saved; the query stays stopped');
  await definition.locator('[data-action="edit-definition"]').click();
  const editor = definition.locator('[data-edit-spec]');
  const spec = await editor.inputValue();
  expect(spec.includes('value % 1 < 1'), 'the editor does not hold the spec');
  await editor.fill(spec.replace('value % 1 < 1', 'value % 2 < 2'));
  await definition.locator('[data-action="save-definition"]').click();
  await definition.locator('[data-edit-spec]').waitFor({ state: 'hidden' });
  expect((await text(definition.locator('[data-spec]'))).includes('value % 2 < 2'), 'the saved spec is not shown');
  await page.locator('.query-head [data-state="STOPPED"]').waitFor();
  await page.waitForFunction((last) => (document.querySelector('[data-card="definition"] [data-fact="last-committed"] dd')
    ?.textContent ?? '').startsWith(`batch #${last} at `), committed);

  step('a changed window is refused with Spark\'s rule, and nothing changes');
  expectRefusals(/status of 409/);
  await definition.locator('[data-action="edit-definition"]').click();
  await editor.fill((await editor.inputValue()).replaceAll("'2 seconds'", "'4 seconds'"));
  await definition.locator('[data-action="save-definition"]').click();
  const problem = definition.locator('[data-edit-problem]');
  await problem.waitFor();
  expect((await text(problem)).includes('Spark does not allow changes in stateful operations'), `refusal: ${await text(problem)}`);
  expect(await problem.getAttribute('data-status') === '409', 'the refusal is not a 409');
  await definition.scrollIntoViewIfNeeded();
  await screenshot(page, process.env.ARUS_SCREENSHOT_EDIT);
  await definition.locator('[data-action="cancel-edit"]').click();
  expectRefusals(null);
  expect((await text(definition.locator('[data-spec]'))).includes("'2 seconds'"), 'the refused spec is shown');

  step('started, it goes on after the checkpoint\'s last batch');
  await page.locator('[data-action="start"]').click();
  await page.locator('.query-head [data-state="ACTIVE"]').waitFor();
  await page.waitForFunction((after) => {
    const shown = /^#(\d+) · /.exec(document.querySelector('[data-kpi="batch"] dd')?.textContent ?? '');
    return shown !== null && Number(shown[1]) > after && !shown[0].includes('checkpoint');
  }, committed);
  await page.waitForFunction(() => Number(document.querySelector('[data-chart="results"]')?.getAttribute('data-final-windows')) > 0);
  await page.locator('[data-table="batches"] table').first().waitFor();
  await expectNoTableCutOff(page);
  await page.setViewportSize({ width: 1400, height: 900 });

  step('the Streams page creates a stream, and marks the field of a refused one');
  await page.goto(`${baseUrl}/#/streams`);
  const form = page.locator('[data-card="create-stream"]');
  await form.locator('[data-field="name"]').fill('clicks');
  await form.locator('[data-field="schema"]').fill('user STRING NOT NULL, at TIMESTAMP');
  await form.locator('[data-field="partitions"]').fill('2');
  await form.locator('[data-field="keyField"]').fill('user');
  await form.locator('[data-field="maxAge"]').fill('1 day');
  await form.locator('[data-action="create-stream"]').click();
  await page.locator('[data-stream-name="clicks"] [data-stat="partitions"][data-value="2"]').waitFor();
  expectRefusals(/status of 400/);
  await form.locator('[data-field="name"]').fill('no spaces allowed');
  await form.locator('[data-action="create-stream"]').click();
  await form.locator('[data-field="name"][aria-invalid="true"]').waitFor();
  expectRefusals(null);
  await expectNoSidewaysScrollOnAPhone(page);
  await page.setViewportSize({ width: 1400, height: 900 });
});
