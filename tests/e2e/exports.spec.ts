import { readFile } from 'node:fs/promises';
import { test, expect, type Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import dayjs from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat.js';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { demoServer, signIn as signInAs, DEMO_PASSWORD } from './demo';

dayjs.extend(customParseFormat);

const demo = demoServer();
const signIn = (page: Page, login: string) => signInAs(page, demo.url, login);
const year = () => demo.today.slice(6);

/** The text of each page of a PDF, in reading order (pdf.js, as a reader would extract it). */
async function pdfPages(pdf: Buffer): Promise<string[]> {
  const doc = await getDocument({ data: new Uint8Array(pdf), useSystemFonts: true }).promise;
  const pages: string[] = [];
  for (let n = 1; n <= doc.numPages; n++) {
    const content = await (await doc.getPage(n)).getTextContent();
    pages.push(content.items.map((i) => ('str' in i ? i.str : '')).join(' '));
  }
  await doc.destroy();
  return pages;
}

/** Chooses Export, then the format, and returns the downloaded file's name and bytes. */
async function exportAs(page: Page, format: 'CSV' | 'Excel (XLSX)'): Promise<{ name: string; bytes: Buffer }> {
  await page.getByRole('button', { name: 'Export' }).click();
  const download = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: format }).click();
  const file = await download;
  return { name: file.suggestedFilename(), bytes: await readFile((await file.path())!) };
}

/** A number as the page shows it ('1,234.50') -> 1234.5. */
const shown = (text: string) => Number(text.replace(/[^0-9.-]/g, ''));

/**
 * A supervisor at a desk takes the year's summary by officer away as XLSX: the file, read back
 * with a spreadsheet library, holds every officer the summary counts, with the screen's total
 * hours, as typed cells under a bold frozen header. Printed, the summary loses its menu, app bar
 * and buttons and repeats its column headings on every page; so does the statistics report.
 */
test('a supervisor exports and prints the summary by officer and the statistics', async ({ page }) => {
  await signIn(page, 'supervisor');
  const range = `sinceDate=01/01/${year()}&untilDate=${demo.today}`;
  const summaryAnswer = page.waitForResponse((r) => r.url().includes('/api/timeTickets/getMultiple?') && r.url().includes('summarizeFlag=Y'));
  await page.goto(`${demo.url}/secure/TimeTicketBrowse?${range}&summarizeFlag=Y`);
  const officers = Number((await summaryAnswer).headers()['x-total-count']);
  expect(officers, 'the demo year has officers with tickets').toBeGreaterThan(1);
  const totals = page.getByRole('region', { name: 'Totals' });
  await expect(totals).toBeVisible();
  const totalHours = shown(await totals.locator('dt', { hasText: /^Total:$/ }).locator('xpath=following-sibling::dd[1]').innerText());

  const { name, bytes } = await exportAs(page, 'Excel (XLSX)');
  const isoToday = dayjs(demo.today, 'MM/DD/YYYY', true).format('YYYY-MM-DD');
  expect(name).toBe(`time-summary-by-officer-${year()}-01-01-to-${isoToday}.xlsx`);
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(bytes as unknown as ArrayBuffer);
  const sheet = book.worksheets[0];
  expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
  const header = sheet.getRow(1);
  expect(header.font?.bold ?? header.getCell(1).font?.bold).toBe(true);
  const headings = (header.values as unknown[]).map(String);
  const totalColumn = headings.findIndex((h) => /^Total( Hours)?$/.test(h));
  expect(totalColumn, `a Total column among ${headings.join(', ')}`).toBeGreaterThan(0);
  expect(sheet.actualRowCount - 1, 'one row per officer of the summary').toBe(officers);
  let sum = 0;
  sheet.eachRow((row, n) => {
    if (n === 1) return;
    const value = row.getCell(totalColumn).value;
    expect(typeof value, `row ${n}: hours are numbers`).toBe('number');
    sum += value as number;
  });
  expect(sum).toBeCloseTo(totalHours, 1);
  // every officer on the screen's first page is in the file
  const firstOfficer = (await page.locator('tbody tr').first().locator('td').first().innerText()).trim();
  let found = false;
  sheet.eachRow((row) => {
    if ((row.values as unknown[]).some((v) => typeof v === 'string' && firstOfficer.includes(v))) found = true;
  });
  expect(found, `${firstOfficer} is in the file`).toBe(true);

  // printed: no menu, app bar or buttons; the column headings on page 2 as on page 1
  const summaryPdf = await pdfPages(await page.pdf({ format: 'Letter' }));
  expect(summaryPdf.length, 'a year of the demo summary runs past one page').toBeGreaterThan(1);
  const all = summaryPdf.join(' ');
  for (const gone of [/Logout/, /Export/, /\bPrint\b/, /Skip to content/, /Time Tickets Search/, /Events/]) expect(all).not.toMatch(gone);
  expect(summaryPdf[0]).toContain('Summary Time Report by Officer');
  expect(summaryPdf[0]).toContain('Assigned Precinct');
  expect(summaryPdf[1], 'the column headings repeat on page 2').toContain('Assigned Precinct');

  await page.goto(`${demo.url}/secure/Reports/StatisticsReport?assignedPct=1&${range}`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.locator('tbody tr').first()).toBeVisible();
  const statsPdf = (await pdfPages(await page.pdf({ format: 'Letter' }))).join(' ');
  for (const gone of [/Logout/, /Export/, /\bPrint\b/, /Skip to content/]) expect(statsPdf).not.toMatch(gone);
  expect(statsPdf).toContain(demo.today.slice(0, 6));
});

/**
 * An officer's ticket whose description is a spreadsheet formula comes out of his CSV as text, and
 * his export of another officer's tickets is refused as the list refuses it.
 */
test("a formula in a ticket description stays text in the officer's CSV; another officer's export is refused", async ({ page, request }) => {
  const auth = await request.post(`${demo.url}/api/authenticate`, { data: { username: 'officer', password: DEMO_PASSWORD } });
  const headers = { authorization: `Bearer ${(await auth.json()).jwt}` };
  const formula = '=HYPERLINK("http://x","y")';
  const day = dayjs(demo.today, 'MM/DD/YYYY', true).subtract(2, 'day').format('MM/DD/YYYY');
  let saved = 0;
  for (const [start, end] of [['03:00', '04:00'], ['04:15', '05:00'], ['05:15', '06:00']]) {
    const res = await request.post(`${demo.url}/api/timeTickets/insert`, {
      headers,
      data: { officer: { officerId: 101 }, assignmentType: { assignmentTypeId: 2 }, precinct: { precinctId: 1 }, startDate: day, startTime: start, endDate: day, endTime: end, travelHours: 0, description: formula },
    });
    saved = res.status();
    if (saved === 201 || saved === 200) break;
  }
  expect([200, 201]).toContain(saved);

  const refused = await request.get(`${demo.url}/api/timeTickets/export?format=csv&officerId=105&sinceDate=01/01/${year()}`, { headers });
  expect(refused.status()).toBe(403);
  expect((await refused.json()).message).toBe("You are not authorized to access another officer's tickets!");

  await signIn(page, 'officer');
  // his year-to-date list: the chart of his months adds up to the list's totals
  await page.goto(`${demo.url}/secure/TimeTicketLandingPage?officerId=&sinceDate=&untilDate=`);
  const totals = page.getByRole('region', { name: 'Totals' });
  await expect(totals).toBeVisible();
  const listTotal = shown(await totals.locator('dt', { hasText: /^Total:$/ }).locator('xpath=following-sibling::dd[1]').innerText());
  // the chart comes when its place under the list nears the screen; as a reader would, scroll down
  // again while rows still arrive and push that place further down
  const chart = page.locator('figcaption', { hasText: /hours counted/ });
  await expect(async () => {
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await expect(chart).toBeAttached({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  const counted = /Total ([\d,.]+) hours counted/.exec((await chart.textContent()) ?? '')!;
  expect(shown(counted[1])).toBeCloseTo(listTotal, 2);

  await page.goto(`${demo.url}/secure/TimeTicketBrowse?officerId=101&sinceDate=${day}&untilDate=${day}`);
  await expect(page.getByText(formula).first()).toBeVisible();
  const { name, bytes } = await exportAs(page, 'CSV');
  expect(name).toMatch(/\.csv$/);
  const text = bytes.toString('utf8');
  expect(text.charCodeAt(0), 'UTF-8 with BOM, so Excel reads it right').toBe(0xfeff);
  expect(text).toContain(`"'=HYPERLINK(""http://x"",""y"")"`);
});
