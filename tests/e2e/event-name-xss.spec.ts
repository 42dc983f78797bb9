import { test, expect } from '@playwright/test';
import { startServer, type E2EServer } from './server';

let server: E2EServer;
test.beforeAll(async () => {
  server = await startServer({ demo: true, env: { DEMO_PASSWORD: 'Demo2026' } });
});
test.afterAll(async () => {
  await server?.stop();
});

/** an event name holding HTML with a script handler is shown without running the script. */
test('an event named <img src=x onerror=alert(1)> shows as text and runs nothing', async ({ page, request }) => {
  const name = '<img src=x onerror=alert(1)> <b>Bold</b> detail';
  const auth = await request.post(`${server.url}/api/authenticate`, { data: { username: 'administrator', password: 'Demo2026' } });
  const headers = { authorization: `Bearer ${(await auth.json()).jwt}` };
  const [location] = (await (await request.get(`${server.url}/api/locations/getMultiple`, { headers })).json()).filter((l: { locationId: number }) => l.locationId > 0);
  const created = await request.post(`${server.url}/api/events/insert`, {
    headers,
    data: {
      eventName: name, eventType: { eventTypeId: 1 }, location: { locationId: location.locationId },
      startDate: '06/01/2030', startTime: '08:00', endDate: '06/01/2030', endTime: '12:00',
      maxOfficers: 2, incentiveHours: 0, description: 'Checks that names are sanitised.',
    },
  });
  expect(created.status()).toBe(201);

  const dialogs: string[] = [];
  page.on('dialog', async (d) => {
    dialogs.push(d.message());
    await d.dismiss();
  });
  await page.goto(`${server.url}/secure/Login`);
  await page.getByLabel(/^Login/).fill('officer');
  await page.getByLabel(/^Password/).fill('Demo2026');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).not.toHaveURL(/Login$/);
  await page.goto(`${server.url}/secure/EventBrowse?eventTypeId=1&sinceStartDate=01/01/2030`);
  const row = page.getByRole('row').filter({ hasText: 'Bold detail' });
  await expect(row).toBeVisible();
  await expect(row.locator('b')).toHaveText('Bold');
  await expect(page.locator('img[src="x"], [onerror]')).toHaveCount(0);
  await page.waitForTimeout(500);
  expect(dialogs).toEqual([]);
});
