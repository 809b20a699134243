// End-to-end test of the create form in SQL in real headless Chromium, against a started service.
// Run by DashboardBrowserTest under ./mvnw verify, or by hand against a running service:
//   ARUS_BASE_URL=http://localhost:8080 npm run e2e:sql
// Types a statement with the completion of a table's column and a function, finds a refusal
// marked at its line and column, previews the fast replay of the chapter's query and finds its
// rows (nothing created), switches to the JSON form and back, and creates a query from a SQL
// template and finds its finalized windows.
import { baseUrl, runInBrowser, step } from './browser.mjs';

const SQL = '#sql .cm-content';

/** The statement as the SQL editor shows it. */
async function statement(page) {
  return (await page.locator('#sql .cm-line').allTextContents()).join('\n');
}

/** Types `text` at the end of the statement and picks `option` from the completion with the mouse. */
async function complete(page, text, option) {
  await page.locator(SQL).click();
  await page.keyboard.press('Control+End');
  await page.keyboard.type(text);
  // The label exactly: a keyword such as VALUES also contains "value".
  await page.locator('.cm-tooltip-autocomplete li')
    .filter({ has: page.locator('.cm-completionLabel', { hasText: new RegExp(`^${option}$`) }) }).first().click();
}

async function queryNames(page) {
  return (await (await page.request.get(`${baseUrl}/api/queries`)).json()).map((q) => q.name);
}

await runInBrowser(async ({ page, expectRefusals }) => {
  step(`open ${baseUrl}/#/new: the SQL form, the chapter's query first`);
  await page.goto(`${baseUrl}/#/new`);
  await page.locator('[role="tab"][data-mode="sql"][aria-selected="true"]').waitFor();
  if ((await page.locator('#template option').first().getAttribute('value')) !== 'chapter') throw new Error('the chapter is not first');
  await page.waitForFunction(() => document.querySelector('#sql .cm-content')?.textContent?.startsWith('SELECT window(event_time'));

  step('the fast replay template; completion offers the table\'s columns after its name and the engine\'s functions');
  await page.locator('#template').selectOption('chapter-replay');
  await page.locator(SQL).fill('SELECT ');
  // The columns come from the service (POST /api/sql/tables) a moment after the tables are set.
  await page.locator('[data-columns="known"]').waitFor({ state: 'attached' });
  await complete(page, 'visits.va', 'value');
  await page.waitForFunction(() => document.querySelector('#sql .cm-content')?.textContent === 'SELECT visits.value');
  await complete(page, ', unix_ti', 'unix_timestamp');
  await page.waitForFunction(() => document.querySelector('#sql .cm-content')?.textContent?.startsWith('SELECT visits.value, unix_timestamp('));

  step('a refusal is marked at its line and column');
  await page.locator(SQL).fill('SELECT value\nFROM visits\nGROUP value');
  expectRefusals(/status of 400/);
  await page.locator('[data-action="create"]').click();
  await page.locator('.verdict[data-verdict="error"] [data-pointer="/sql"]').waitFor();
  await page.locator('.verdict .problem-where', { hasText: 'line 3, column 7' }).waitFor();
  const marked = page.locator('#sql .cm-lintRange-error');
  await marked.waitFor();
  if ((await marked.textContent()) !== 'value') throw new Error(`marked "${await marked.textContent()}", not the value of GROUP value`);
  await page.locator('#sql .cm-line', { has: page.locator('.cm-lintRange-error'), hasText: 'GROUP value' }).waitFor();
  expectRefusals(null);

  step('Preview shows the first finalized windows, and creates nothing');
  await page.locator('#template').selectOption('chapter-replay');
  const name = await page.locator('#spec-name').inputValue();
  await page.locator('[data-action="preview"]').click();
  await page.locator('.preview-batch table.console td', { hasText: /^\{\d{4}-\d\d-\d\d \d\d:\d\d:\d\d, \d{4}-\d\d-\d\d \d\d:\d\d:\d\d\}$/ })
    .first().waitFor();
  await page.locator('.preview-summary[data-stopped-by="batches"]').waitFor();
  const headers = await page.locator('.preview-batch').first().locator('th').allTextContents();
  if (headers.join() !== 'window,count') throw new Error(`the preview's columns are ${headers.join(', ')}`);
  if ((await queryNames(page)).includes(name)) throw new Error('the preview created a query');
  if (process.env.ARUS_SCREENSHOT_SQL) {
    await page.mouse.move(0, 0);
    await page.screenshot({ path: process.env.ARUS_SCREENSHOT_SQL, fullPage: true });
    step(`screenshot: ${process.env.ARUS_SCREENSHOT_SQL}`);
  }

  step('the JSON form shows the same spec, and the SQL form takes it back');
  await page.locator('[role="tab"][data-mode="json"]').click();
  await page.waitForFunction(() => document.querySelector('#spec .cm-content')?.textContent?.includes('"sql"'));
  await page.locator('[role="tab"][data-mode="sql"]').click();
  await page.locator('[role="tab"][data-mode="sql"][aria-selected="true"]').waitFor();
  if (!(await statement(page)).startsWith('SELECT window(event_time')) throw new Error('the statement was lost on the way');

  step('create it from the SQL template: its windows are charted');
  await page.locator('[data-action="create"]').click();
  await page.waitForURL(/#\/queries\/[0-9a-f-]+$/);
  await page.locator(`h1.query-name:text("${name}")`).waitFor();
  await page.locator('[data-chart="results"][data-kind="windows"]').waitFor();
  await page.waitForFunction(() => Number(document.querySelector('[data-chart="results"]')?.getAttribute('data-final-windows') ?? 0) >= 1);
  await page.locator('[data-action="stop"]').click();
  await page.locator('.query-title [data-state="STOPPED"]').waitFor();
  await page.locator('[data-action="delete"]').click();
  await page.locator('[data-action="delete"]', { hasText: 'Really delete?' }).click();
  await page.getByRole('heading', { name: 'Queries' }).waitFor();
});
