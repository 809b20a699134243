// End-to-end test of the Streams page and the shop's demo in real headless Chromium, against a
// started service with the demo on, whose clock has jumped past the first minute of orders. Run
// by StreamsBrowserTest under ./mvnw verify, or by hand against a running service:
//   ARUS_BASE_URL=http://localhost:8080 ARUS_SCREENSHOT=/tmp/s.png npm run e2e:streams
// ARUS_API_TOKEN: the service's token, typed into the dashboard's dialog when it asks for it.
// Exits non-zero with a message on the first failed expectation.
import { baseUrl, expectNoSidewaysScrollOnAPhone, expectNoTableCutOff, runInBrowser, screenshot, step } from './browser.mjs';

const CATEGORIES = ['books', 'electronics', 'games', 'fashion', 'grocery'];
const token = process.env.ARUS_API_TOKEN;

await runInBrowser(async ({ page, expectRefusals }) => {
  step(`open ${baseUrl}/: the list holds both demo queries`);
  await page.goto(`${baseUrl}/`);
  await page.locator('tr[data-query-name="visits-per-8s"] [data-state="ACTIVE"]').waitFor();
  await page.locator('tr[data-query-name="revenue-per-category"] [data-state="ACTIVE"]').waitFor();

  step('the Streams page shows the orders stream: its columns and two partitions');
  await page.getByRole('link', { name: 'Streams' }).click();
  const orders = page.locator('[data-stream-name="orders"]');
  await orders.locator('tr[data-column="order_id"]', { hasText: 'string NOT NULL' }).waitFor();
  await orders.locator('tr[data-column="event_time"]', { hasText: 'timestamp' }).waitFor();
  await orders.locator('tr[data-partition="1"]').waitFor();
  await orders.locator('[data-stat="retention"] dd', { hasText: 'up to 1 day old · any size · unread kept' }).waitFor();

  step('its event count grows as the checkout posts orders');
  const eventsIn = () => orders.locator('[data-stat="events-in"]').getAttribute('data-value').then(Number);
  const before = await eventsIn();
  await page.waitForFunction((seen) => Number(document.querySelector(
    '[data-stream-name="orders"] [data-stat="events-in"]')?.getAttribute('data-value')) > seen, before);
  await orders.locator('[data-stat="size"] dd', { hasText: /\d (B|KiB|MiB)$/ }).waitFor();

  step('the revenue query reads it, with its lag in events and time');
  const reader = orders.locator('tr[data-reader="revenue-per-category"]');
  await reader.locator('td').nth(1).filter({ hasText: /^\d[\d,]*$/ }).waitFor();
  await reader.locator('td').nth(2).filter({ hasText: /^(caught up|\d.* (s|min|h|d))$/ }).waitFor();

  step('send the example events through the form');
  await page.locator('#send-stream').selectOption('orders');
  const example = await page.locator('#events').inputValue();
  if (!example.includes('"order_id":"order_id-1"')) throw new Error(`the example is not built from the columns:\n${example}`);
  if (token) expectRefusals(/status of 401/);
  await page.locator('[data-action="send-events"]').click();
  if (token) {
    step('the service asks for its token: type it in the dialog');
    await page.locator('#api-token').fill(token);
    await page.locator('[data-action="save-token"]').click();
  }
  await page.locator('.send-verdict[data-verdict="ok"] [data-events="2"]').waitFor();
  await page.locator('.send-verdict .written-ranges li', { hasText: /^partition [01]: offsets? \d+/ }).first().waitFor();
  expectRefusals(null);

  step('a bad event is refused, naming its index and field, and selected in the text');
  await page.locator('#events').fill('{"order_id": "e2e-1", "amount": 5}\n{"order_id": "e2e-2", "amount": "lots"}\n');
  expectRefusals(/status of 400/);
  await page.locator('[data-action="send-events"]').click();
  const refused = page.locator('.send-verdict[data-verdict="error"]');
  await refused.locator('[data-where="event"]', { hasText: 'event 1' }).waitFor();
  await refused.locator('[data-where="field"]', { hasText: 'field amount' }).waitFor();
  await refused.locator('.problem-detail', { hasText: 'Nothing of the request was written' }).waitFor();
  const selected = await page.locator('#events').evaluate((t) => t.value.slice(t.selectionStart, t.selectionEnd));
  if (selected !== '"lots"') throw new Error(`the refused value is not selected, but ${JSON.stringify(selected)}`);
  expectRefusals(null);

  step('phone-sized viewport: no sideways scrolling');
  await expectNoSidewaysScrollOnAPhone(page, process.env.ARUS_SCREENSHOT_PHONE);

  step('the reader links to the revenue query, which shows a finalized minute: a category, its orders and revenue');
  await reader.getByRole('link', { name: 'revenue-per-category' }).click();
  await page.locator('h1.query-name:text("revenue-per-category")').waitFor();
  await page.locator('[data-connection="live"]').waitFor();
  await page.waitForFunction(() => Number(document.querySelector('[data-chart="results"]')?.getAttribute('data-final-windows') ?? 0) >= 1,
    undefined, { timeout: 60_000 });
  await page.waitForFunction((categories) => [...document.querySelectorAll('table.console')].some((table) => {
    const columns = [...table.querySelectorAll('thead th')].map((th) => th.textContent);
    const [category, orders, revenue] = ['category', 'orders', 'revenue'].map((name) => columns.indexOf(name));
    if (columns[0] !== 'window' || category < 0 || orders < 0 || revenue < 0) return false;
    return [...table.querySelectorAll('tbody tr')].some((row) => {
      const cells = [...row.querySelectorAll('td')].map((td) => td.textContent ?? '');
      return categories.includes(cells[category]) && Number(cells[orders]) >= 1 && Number(cells[revenue]) > 0;
    });
  }), CATEGORIES);
  step('the revenue query\'s tables, its batches\' orders and revenue columns included, are not cut off');
  await expectNoTableCutOff(page);

  if (process.env.ARUS_SCREENSHOT) {
    step('back on the Streams page, send the example once more, then take the screenshot');
    await page.getByRole('link', { name: 'Streams' }).click();
    // The rate is sampled every 5 s over the last minute of the service's clock, which jumped:
    // wait until it is measured after the jump (the checkout posts at least one order a second).
    await page.waitForFunction(() => Number(document.querySelector(
      '[data-stream-name="orders"] [data-stat="rate"]')?.getAttribute('data-value')) >= 1);
    await page.locator('[data-action="send-events"]').click();
    await page.locator('.send-verdict[data-verdict="ok"]').waitFor();
    await screenshot(page, process.env.ARUS_SCREENSHOT);
  }
});
