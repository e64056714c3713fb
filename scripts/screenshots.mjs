#!/usr/bin/env node
// Screenshots of key pages at 375 px and 1440 px, light and dark, into .e2e/shots/.
// Needs the site served (npm run serve:nginx, or SHOTS_BASE=http://127.0.0.1:PORT).
import { mkdirSync } from 'node:fs';
import { chromium } from 'playwright-core';
import { CHROMIUM, CHROMIUM_FLAGS } from './chromium.cjs';

const base = process.env.SHOTS_BASE ?? 'http://127.0.0.1:9000';
const pages = (process.argv[2] ?? '/,/blog,/docs/desktop/wing/Introduce,/blog/binder').split(',');
const widths = [375, 1440];
mkdirSync('.e2e/shots', { recursive: true });
const browser = await chromium.launch({ executablePath: CHROMIUM, args: [...CHROMIUM_FLAGS] });
for (const theme of ['light', 'dark']) {
  for (const width of widths) {
    const context = await browser.newContext({ viewport: { width, height: width < 600 ? 800 : 900 }, deviceScaleFactor: 1 });
    await context.addInitScript((t) => localStorage.setItem('theme', t), theme);
    const page = await context.newPage();
    for (const path of pages) {
      await page.goto(base + path, { waitUntil: 'networkidle' });
      const name = `.e2e/shots/${path.replace(/[^a-z0-9]+/gi, '_') || 'home'}-${width}-${theme}.png`;
      await page.screenshot({ path: name, fullPage: process.env.FULL === '1' });
      console.log(name);
    }
    await context.close();
  }
}
await browser.close();
