// The harness of the end-to-end scenarios: real headless Chromium (Debian's, never a downloaded
// one) driven by playwright-core against a started service. A scenario fails on its first failed
// expectation, and also on any console error, page error or failed request it did not provoke,
// and on a live message the dashboard dropped.
import { mkdtempSync, mkdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { chromium } from 'playwright-core';

export const baseUrl = process.env.ARUS_BASE_URL ?? 'http://localhost:8080';
export const TIMEOUT = 30_000;

export const step = (text) => console.log(`[e2e] ${text}`);

/**
 * Runs `scenario({ page, expectRefusals })` in a fresh browser profile at 1280×800 in UTC, and
 * sets the exit code. Chromium logs every 4xx response as a console error:
 * `expectRefusals(/status of 400/)` lets those the scenario provokes through, `expectRefusals(null)`
 * ends that.
 */
export async function runInBrowser(scenario) {
  const userDataDir = mkdtempSync(join(tmpdir(), 'arus-e2e-chromium-'));
  const problems = [];
  let refusals = null;
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: process.env.ARUS_CHROMIUM ?? '/usr/bin/chromium',
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
      // A live message the dashboard dropped for not being what the OpenAPI document says.
      if (m.type() === 'warning' && m.text().startsWith('Live message dropped')) problems.push(`console warning: ${m.text()}`);
      if (m.type() !== 'error') return;
      if (refusals?.test(m.text())) return;
      problems.push(`console error: ${m.text()}`);
    });
    page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
    page.on('requestfailed', (r) => {
      if (!r.url().includes('/ws/')) problems.push(`request failed: ${r.url()} ${r.failure()?.errorText ?? ''}`);
    });
    await scenario({ page, expectRefusals: (pattern) => { refusals = pattern; } });
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
}

/** Saves a screenshot of the page at `path`, when a path is given, with the mouse out of the way. */
export async function screenshot(page, path) {
  if (!path) return;
  await page.mouse.move(0, 0);
  mkdirSync(dirname(path), { recursive: true });
  await page.screenshot({ path });
  step(`screenshot: ${path}`);
}

/** The page at a phone's width scrolls only up and down; the viewport is set back afterwards. */
export async function expectNoSidewaysScrollOnAPhone(page, fullPageScreenshot) {
  await page.setViewportSize({ width: 390, height: 844 });
  // Two frames: the resize observers (the charts') have run and the page is laid out again.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  if (overflow > 1) throw new Error(`page is ${overflow}px wider than a phone`);
  if (fullPageScreenshot) await page.screenshot({ path: fullPageScreenshot, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
}

/**
 * No table of the page is cut off, at 1400 px and at a phone's 390 px: each table either fits
 * inside every ancestor that hides what overflows, or sits in one that scrolls sideways (a
 * `.table-scroll`) before any such ancestor. The viewport is set back to 1280 px afterwards.
 */
export async function expectNoTableCutOff(page) {
  for (const width of [1400, 390]) {
    await page.setViewportSize({ width, height: width > 500 ? 900 : 844 });
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    const cut = await page.evaluate(() => [...document.querySelectorAll('table')].flatMap((table) => {
      const right = table.getBoundingClientRect().right;
      for (let el = table.parentElement; el && el !== document.body; el = el.parentElement) {
        const overflow = getComputedStyle(el).overflowX;
        if (overflow === 'auto' || overflow === 'scroll') return [];
        if ((overflow === 'hidden' || overflow === 'clip') && right > el.getBoundingClientRect().right + 1) {
          const head = [...table.querySelectorAll('th')].map((th) => th.textContent).join(',');
          return [`a table (${head}) is ${Math.round(right - el.getBoundingClientRect().right)}px wider than the `
            + `${el.tagName.toLowerCase()}.${el.className} that hides it`];
        }
      }
      return [];
    }));
    if (cut.length > 0) throw new Error(`at ${width} px: ${cut.join('; ')}`);
    step(`no table cut off at ${width} px (${await page.locator('table').count()} tables)`);
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}
