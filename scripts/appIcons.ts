/**
 * Writes the installable app's PNG icons (public/icons/) from public/logo.svg, drawn by
 * Chromium through Playwright (already a dev dependency; no image library needed):
 * - icon-192.png, icon-512.png: the shield on a transparent square ('any' purpose);
 * - maskable-512.png: the shield inside the maskable safe zone (the middle 80 %) on the theme's
 *   blue, which a launcher may crop to a circle or a rounded square.
 *
 *   npx tsx scripts/appIcons.ts     # after changing public/logo.svg; commit the PNGs
 */
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';

const ROOT = path.resolve(import.meta.dirname, '..');
/** The theme's primary colour (src/custom/theme.ts, index.html's theme-color). */
const BACKGROUND = '#1a3a6b';

const ICONS = [
  { file: 'icon-192.png', size: 192, maskable: false },
  { file: 'icon-512.png', size: 512, maskable: false },
  { file: 'maskable-512.png', size: 512, maskable: true },
];

async function main(): Promise<void> {
  const svg = fs.readFileSync(path.join(ROOT, 'public/logo.svg'), 'utf8');
  const src = `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox'] });
  try {
    const page = await browser.newPage();
    for (const { file, size, maskable } of ICONS) {
      // the maskable icon keeps its drawing inside the safe zone: a circle of 80 % of the width
      const drawn = maskable ? Math.round(size * 0.6) : size;
      await page.setViewportSize({ width: size, height: size });
      await page.setContent(
        `<body style="margin:0;width:${size}px;height:${size}px;display:flex;align-items:center;justify-content:center;background:${maskable ? BACKGROUND : 'transparent'}">` +
          `<img src="${src}" width="${drawn}" height="${drawn}"></body>`,
      );
      await page.locator('img').evaluate((img: HTMLImageElement) => img.decode());
      await page.screenshot({ path: path.join(ROOT, 'public/icons', file), omitBackground: !maskable });
      console.log(`public/icons/${file} (${size}x${size})`);
    }
  } finally {
    await browser.close();
  }
}

await main();
