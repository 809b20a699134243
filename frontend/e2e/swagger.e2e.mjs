// Swagger UI, served by the service at /swagger-ui.html, in real headless Chromium: its Authorize
// button takes the API token from the OpenAPI document's bearer scheme, and a change tried out
// from it carries the token. Run by SwaggerUiBrowserTest, or by hand against a service started
// with that token:
//   ARUS_BASE_URL=http://localhost:8080 ARUS_API_TOKEN=... npm run e2e:swagger
import { baseUrl, runInBrowser, step } from './browser.mjs';

const token = process.env.ARUS_API_TOKEN;
if (!token) throw new Error('ARUS_API_TOKEN is not set');
const NO_SUCH_QUERY = '00000000-0000-0000-0000-000000000000';

await runInBrowser(async ({ page, expectRefusals }) => {
  const stops = [];
  page.on('response', (response) => {
    if (response.url().endsWith(`/api/queries/${NO_SUCH_QUERY}/stop`)) {
      stops.push({ status: response.status(), authorization: response.request().headers().authorization });
    }
  });

  step(`open ${baseUrl}/swagger-ui.html`);
  await page.goto(`${baseUrl}/swagger-ui.html`);
  const stop = page.locator('#operations-queries-stop');
  await stop.locator('.opblock-summary').click();
  // The lock of an operation the bearer scheme guards.
  await stop.locator('.authorization__btn').waitFor();

  step('try out a stop without the token: 401');
  expectRefusals(/status of 40[14]/);
  await stop.locator('button.try-out__btn').click();
  await stop.locator('input[placeholder="id"]').fill(NO_SUCH_QUERY);
  await stop.locator('button.execute').click();
  await stop.locator('.live-responses-table .response-col_status', { hasText: '401' }).waitFor();

  step('Authorize with the API token');
  await page.locator('.auth-wrapper button.authorize').click();
  const dialog = page.locator('.modal-ux');
  await dialog.locator('input').first().fill(token);
  await dialog.locator('button.authorize').click();
  await dialog.locator('button.btn-done').click();

  step('the same stop now carries the token: 404, there is no such query');
  await stop.locator('button.execute').click();
  await stop.locator('.live-responses-table .response-col_status', { hasText: '404' }).waitFor();
  expectRefusals(null);

  const [without, withToken] = stops;
  if (stops.length !== 2 || without?.status !== 401 || withToken?.authorization !== `Bearer ${token}`) {
    throw new Error(`unexpected stops: ${JSON.stringify(stops)}`);
  }
});
