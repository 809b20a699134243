// End-to-end test of the dashboard in real headless Chromium (Debian's, never a downloaded one),
// driven by playwright-core against a started service. Run by DashboardBrowserTest under
// ./mvnw verify, or by hand against a running service:
//   ARUS_BASE_URL=http://localhost:8080 ARUS_SCREENSHOT=/tmp/d.png npm run e2e
// Exits non-zero with a message on the first failed expectation.
import { mkdtempSync, mkdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { chromium } from 'playwright-core';

const baseUrl = process.env.ARUS_BASE_URL ?? 'http://localhost:8080';
const executablePath = process.env.ARUS_CHROMIUM ?? '/usr/bin/chromium';
const screenshot = process.env.ARUS_SCREENSHOT;
const TIMEOUT = 30_000;

const step = (text) => console.log(`[e2e] ${text}`);
const userDataDir = mkdtempSync(join(tmpdir(), 'arus-e2e-chromium-'));
const problems = [];
// Chromium logs every 4xx response as a console error; the one refusal the test provokes is expected.
let expectRefusal = false;

const context = await chromium.launchPersistentContext(userDataDir, {
  executablePath,
  headless: true,
  viewport: { width: 1280, height: 800 },
  deviceScaleFactor: 1,
  timezoneId: 'UTC',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
    '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
context.setDefaultTimeout(TIMEOUT);

try {
  const page = context.pages()[0] ?? await context.newPage();
  page.on('console', (m) => {
    if (m.type() !== 'error') return;
    if (expectRefusal && /status of 400/.test(m.text())) return;
    problems.push(`console error: ${m.text()}`);
  });
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  page.on('requestfailed', (r) => {
    if (!r.url().includes('/ws/')) problems.push(`request failed: ${r.url()} ${r.failure()?.errorText ?? ''}`);
  });

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
  expectRefusal = true;
  await page.locator('[data-action="create"]').click();
  await page.locator('.verdict[data-verdict="error"] [data-pointer="/steps/0/withColumn/expr"]').waitFor();
  await page.locator('.backdrop mark').waitFor();
  await page.locator('.gutter .error-line').waitFor();
  expectRefusal = false;

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

  if (screenshot) {
    step('let a few more windows come, then take the screenshot');
    await page.waitForFunction(() => Number(document.querySelector('[data-chart="results"]')?.getAttribute('data-final-windows') ?? 0) >= 7,
      undefined, { timeout: TIMEOUT });
    await page.mouse.move(0, 0);
    mkdirSync(dirname(screenshot), { recursive: true });
    await page.screenshot({ path: screenshot });
    step(`screenshot: ${screenshot}`);
  }

  step('stop it: the status changes');
  await page.locator('[data-action="stop"]').click();
  await page.locator('.query-title [data-state="STOPPED"]').waitFor();
  const windowsAfterStop = await page.locator('[data-chart="results"]').getAttribute('data-final-windows');
  if (Number(windowsAfterStop) < 1) throw new Error('windows vanished after stop');

  step('phone-sized viewport: no sideways scrolling');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.waitForTimeout(300);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  if (overflow > 1) throw new Error(`page is ${overflow}px wider than a phone`);
  if (process.env.ARUS_SCREENSHOT_PHONE) await page.screenshot({ path: process.env.ARUS_SCREENSHOT_PHONE, fullPage: true });

  step('the list shows it stopped; delete it');
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.getByRole('link', { name: 'Queries' }).click();
  const row = page.locator(`tr[data-query-name="${spec.name}"]`);
  await row.locator('[data-state="STOPPED"]').waitFor();
  await row.locator('[data-action="delete"]').click();
  await row.locator('[data-action="delete"]', { hasText: 'Really delete?' }).click();
  await row.waitFor({ state: 'detached' });

  if (problems.length > 0) throw new Error(`the page reported problems:\n  ${problems.join('\n  ')}`);
  step('passed');
} catch (e) {
  console.error(`[e2e] FAILED: ${e instanceof Error ? e.message : e}`);
  if (problems.length > 0) console.error(`[e2e] page problems:\n  ${problems.join('\n  ')}`);
  process.exitCode = 1;
} finally {
  await context.close();
  rmSync(userDataDir, { recursive: true, force: true });
}
