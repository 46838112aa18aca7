// Renders the marketplace icon media/dedup-curator.png (128×128, as the manifest's `icon` requires)
// from media/dedup-curator.svg, the activity-bar glyph, drawn white on the gallery banner's colour
// in a rounded square. Headless Debian chromium through playwright-core; run again after changing
// the SVG: `node scripts/render-icon.mjs`.
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const REPO = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const SIZE = 128;
const manifest = JSON.parse(readFileSync(join(REPO, 'package.json'), 'utf8'));
const background = manifest.galleryBanner?.color ?? '#1e3a5f';
const svg = readFileSync(join(REPO, 'media', 'dedup-curator.svg'), 'utf8');
const out = join(REPO, manifest.icon ?? 'media/dedup-curator.png');

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM || '/usr/bin/chromium' });
try {
  const page = await browser.newPage({ viewport: { width: SIZE, height: SIZE }, deviceScaleFactor: 1 });
  await page.setContent(
    `<!doctype html><html><body style="margin:0;background:transparent">` +
      `<div style="width:${SIZE}px;height:${SIZE}px;border-radius:22px;background:${background};color:#fff;display:flex;align-items:center;justify-content:center">` +
      svg.replace('<svg ', '<svg style="width:100px;height:100px" ') +
      `</div></body></html>`,
  );
  await page.screenshot({ path: out, omitBackground: true, clip: { x: 0, y: 0, width: SIZE, height: SIZE } });
  console.log(`[icon] wrote ${out} (${SIZE}×${SIZE})`);
} finally {
  await browser.close();
}
