// End-to-end test of the query pages in real headless Chromium, against a started service. Run
// by DashboardBrowserTest under ./mvnw verify, or by hand against a running service:
//   ARUS_BASE_URL=http://localhost:8080 ARUS_SCREENSHOT=/tmp/d.png npm run e2e
// Exits non-zero with a message on the first failed expectation.
import { baseUrl, expectNoSidewaysScrollOnAPhone, runInBrowser, screenshot, step, TIMEOUT } from './browser.mjs';

await runInBrowser(async ({ page, expectRefusals }) => {
  step(`open ${baseUrl}/`);
  await page.goto(`${baseUrl}/`);
  await page.getByRole('heading', { name: 'Queries' }).waitFor();

  step('new query from the chapter template, over rate-micro-batch with a short trigger');
  await page.getByRole('link', { name: 'New query' }).first().click();
  await page.locator('#template').selectOption('chapter');
  const spec = JSON.parse(await page.locator('#spec').inputValue());
  const start = Math.floor(Date.now() / 60_000) * 60_000;
  spec.name = `e2e-visits-${Date.now() % 100000}`;
  spec.source = { format: 'rate-micro-batch', options: { rowsPerBatch: 10, advanceMillisPerBatch: 1000, startTimestamp: start } };
  spec.trigger = { processingTime: '200 milliseconds' };
  spec.sink = { format: 'memory' };

  step('a typo in an expression is shown at the field the server names');
  const typo = structuredClone(spec);
  typo.steps[0].withColumn.expr = 'CAST(unix_timestamp(timestmp) - value % 3 AS TIMESTAMP)';
  await page.locator('#spec').fill(JSON.stringify(typo, null, 2));
  expectRefusals(/status of 400/);
  await page.locator('[data-action="create"]').click();
  await page.locator('.verdict[data-verdict="error"] [data-pointer="/steps/0/withColumn/expr"]').waitFor();
  await page.locator('.backdrop mark').waitFor();
  await page.locator('.gutter .error-line').waitFor();
  expectRefusals(null);

  step('create it');
  await page.locator('#spec').fill(JSON.stringify(spec, null, 2));
  await page.locator('[data-action="create"]').click();
  await page.waitForURL(/#\/queries\/[0-9a-f-]+$/);
  await page.locator(`h1.query-name:text("${spec.name}")`).waitFor();
  await page.locator('[data-connection="live"]').waitFor();

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
  await row.locator('[data-action="delete"]').click();
  await row.locator('[data-action="delete"]', { hasText: 'Really delete?' }).click();
  await row.waitFor({ state: 'detached' });
});
