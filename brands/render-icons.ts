/**
 * Rasterises each brand's icon.svg / icon-maskable.svg into the PNG sizes its web
 * manifest lists, with the system Chromium. Run after editing artwork:
 *   node --import tsx brands/render-icons.ts
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';

const brandsDir = path.dirname(fileURLToPath(import.meta.url));
const outputs = [
  { svg: 'icon.svg', png: 'icon-192.png', size: 192 },
  { svg: 'icon.svg', png: 'icon-512.png', size: 512 },
  { svg: 'icon-maskable.svg', png: 'icon-maskable-512.png', size: 512 },
];

const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--headless=new', '--no-sandbox', '--disable-gpu'],
});
const page = await browser.newPage();
for (const key of fs.readdirSync(brandsDir)) {
  const folder = path.join(brandsDir, key);
  if (!fs.statSync(folder).isDirectory()) continue;
  for (const { svg, png, size } of outputs) {
    const source = fs.readFileSync(path.join(folder, svg), 'utf8');
    await page.setViewportSize({ width: size, height: size });
    await page.setContent(
      `<style>html,body{margin:0;background:transparent}svg{display:block;width:${size}px;height:${size}px}</style>${source}`,
    );
    await page.screenshot({
      path: path.join(folder, png),
      omitBackground: true,
      clip: { x: 0, y: 0, width: size, height: size },
    });
  }
  console.log(`rendered ${key}`);
}
await browser.close();
