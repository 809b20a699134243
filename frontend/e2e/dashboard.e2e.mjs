// End-to-end test of the query pages in real headless Chromium, against a started service. Run
// by DashboardBrowserTest under ./mvnw verify, or by hand against a running service:
//   ARUS_BASE_URL=http://localhost:8080 ARUS_SCREENSHOT=/tmp/d.png npm run e2e
// Exits non-zero with a message on the first failed expectation.
import { baseUrl, expectNoSidewaysScrollOnAPhone, runInBrowser, screenshot, step, TIMEOUT } from './browser.mjs';

const EDITOR = '#spec .cm-content';

/** The spec editor's text, line by line as CodeMirror shows it (a spec is short enough to be all shown). */
async function editorText(page) {
  return (await page.locator('#spec .cm-line').allTextContents()).join('\n');
}

/**
 * Clicks in the editor at `offset` characters into the first place its text shows `text`
 * (within one line), as a user puts the cursor there; `clickCount: 2` selects the word.
 */
async function clickInText(page, text, offset, options = {}) {
  const point = await page.evaluate(({ text, offset }) => {
    const walker = document.createTreeWalker(document.querySelector('#spec .cm-content'), NodeFilter.SHOW_TEXT);
    const nodes = [];
    for (let node = walker.nextNode(); node; node = walker.nextNode()) nodes.push(node);
    // The text may span several highlighted tokens of one line: find it in the line's text nodes.
    for (const line of document.querySelectorAll('#spec .cm-line')) {
      const at = line.textContent.indexOf(text);
      if (at < 0) continue;
      line.scrollIntoView({ block: 'center' });
      let remaining = at + offset;
      for (const node of nodes.filter((n) => line.contains(n))) {
        if (remaining < node.length) {
          const range = document.createRange();
          range.setStart(node, remaining);
          range.setEnd(node, remaining + 1);
          const box = range.getBoundingClientRect();
          return { x: box.left + 1, y: box.top + box.height / 2 };
        }
        remaining -= node.length;
      }
    }
    return null;
  }, { text, offset });
  if (!point) throw new Error(`the editor does not show ${text}`);
  await page.mouse.click(point.x, point.y, options);
}

await runInBrowser(async ({ page, expectRefusals }) => {
  step(`open ${baseUrl}/`);
  await page.goto(`${baseUrl}/`);
  await page.getByRole('heading', { name: 'Queries' }).waitFor();

  step('new query from the chapter template in the JSON form, written as steps over rate-micro-batch with a short trigger');
  await page.getByRole('link', { name: 'New query' }).first().click();
  await page.locator('#template').selectOption('chapter');
  await page.locator('[role="tab"][data-mode="json"]').click();
  const spec = JSON.parse(await editorText(page));
  if (!spec.sql?.startsWith('SELECT window(event_time')) throw new Error('the JSON form does not show the template\'s sql');
  const start = Math.floor(Date.now() / 60_000) * 60_000;
  delete spec.sql;
  delete spec.tables;
  spec.name = `e2e-visits-${Date.now() % 100000}`;
  spec.source = { format: 'rate-micro-batch', options: { rowsPerBatch: 10, advanceMillisPerBatch: 1000, startTimestamp: start } };
  spec.steps = [
    { withColumn: { name: 'event_time', expr: 'CAST(unix_timestamp(timestamp) - value % 3 AS TIMESTAMP)' } },
    { withWatermark: { column: 'event_time', delay: '4 seconds' } },
    { groupBy: { keys: ["window(event_time, '8 seconds')"], aggregations: ['count(*) AS count'] } }];
  spec.trigger = { processingTime: '200 milliseconds' };
  spec.sink = { format: 'memory' };

  step('the editor offers the kinds of step from the spec\'s schema');
  await page.locator(EDITOR).fill('{\n  "steps": [{}]\n}');
  await clickInText(page, '[{}]', 2);
  await page.keyboard.type('"gro');
  // Picked with the mouse: Enter right after the list opens is the editor's newline, by design.
  await page.locator('.cm-tooltip-autocomplete li', { hasText: 'groupBy' }).click();
  await page.waitForFunction(() => document.querySelector('#spec .cm-content')?.textContent?.includes('[{"groupBy"}]'));

  step('an expression typed with a mistake is marked in the editor where the service points');
  await page.locator(EDITOR).fill(JSON.stringify(spec, null, 2));
  await clickInText(page, 'unix_timestamp(timestamp)', 'unix_timestamp('.length + 2, { clickCount: 2 });
  await page.keyboard.type('timestmp');
  if (!(await editorText(page)).includes('unix_timestamp(timestmp)')) throw new Error('the mistake was not typed');
  expectRefusals(/status of 400/);
  await page.locator('[data-action="create"]').click();
  await page.locator('.verdict[data-verdict="error"] [data-pointer="/steps/0/withColumn/expr"]').waitFor();
  const marked = page.locator('#spec .cm-lintRange-error');
  await marked.waitFor();
  if ((await marked.textContent()) !== 't') throw new Error(`marked "${await marked.textContent()}", not the t of timestmp`);
  await page.locator('#spec .cm-line', { has: page.locator('.cm-lintRange-error'), hasText: 'unix_timestamp(timestmp)' })
    .waitFor();
  await page.locator('#spec .cm-gutter-lint .cm-lint-marker-error').waitFor();
  expectRefusals(null);

  step('create it');
  await page.locator(EDITOR).fill(JSON.stringify(spec, null, 2));
  await page.locator('[data-action="create"]').click();
  await page.waitForURL(/#\/queries\/[0-9a-f-]+$/);
  await page.locator(`h1.query-name:text("${spec.name}")`).waitFor();
  await page.locator('[data-connection="live"]').waitFor();
  await page.locator('.query-title [data-engine="arus"]', { hasText: 'Arus' }).waitFor();
  if (!(await page.locator('[data-card="comparison"]').isHidden())) throw new Error('a query on one engine shows the engines\' comparison');

  step('a finalized window appears in the chart and in the table');
  await page.waitForFunction(() => Number(document.querySelector('[data-chart="results"]')?.getAttribute('data-final-windows') ?? 0) >= 1);
  await page.locator('table.console td', { hasText: /^\{\d{4}-\d\d-\d\d \d\d:\d\d:\d\d, \d{4}-\d\d-\d\d \d\d:\d\d:\d\d\}$/ }).first().waitFor();
  await page.locator('.kpi[data-kpi="watermark"] dd', { hasText: 'UTC' }).waitFor();

  if (process.env.ARUS_SCREENSHOT) {
    step('let a few more windows come, then take the screenshot');
    await page.waitForFunction(() => Number(document.querySelector('[data-chart="results"]')?.getAttribute('data-final-windows') ?? 0) >= 7,
      undefined, { timeout: TIMEOUT });
    await screenshot(page, process.env.ARUS_SCREENSHOT);
  }

  step('stop it: the status changes');
  await page.locator('[data-action="stop"]').click();
  await page.locator('.query-title [data-state="STOPPED"]').waitFor();
  const windowsAfterStop = await page.locator('[data-chart="results"]').getAttribute('data-final-windows');
  if (Number(windowsAfterStop) < 1) throw new Error('windows vanished after stop');

  step('phone-sized viewport: no sideways scrolling');
  await expectNoSidewaysScrollOnAPhone(page, process.env.ARUS_SCREENSHOT_PHONE);

  step('the list shows it stopped; delete it');
  await page.getByRole('link', { name: 'Queries' }).click();
  const row = page.locator(`tr[data-query-name="${spec.name}"]`);
  await row.locator('[data-state="STOPPED"]').waitFor();
  await row.locator('[data-engine="arus"]').waitFor();
  await row.locator('[data-action="delete"]').click();
  await row.locator('[data-action="delete"]', { hasText: 'Really delete?' }).click();
  await row.waitFor({ state: 'detached' });
});
