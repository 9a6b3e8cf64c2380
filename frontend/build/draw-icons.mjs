// Draws the app's PNG icons from the favicon's artwork with Chromium (run once, PNGs committed):
//   node frontend/build/draw-icons.mjs
// No image library is needed: the browser renders the SVG and screenshots it at each size.
import { chromium } from 'playwright-core';
import { fileURLToPath } from 'node:url';

const out = (name) => fileURLToPath(new URL(`../public/icons/${name}`, import.meta.url));
const CANVAS = '#0b1220';
const PITCH = '#22c55e';
const BALL = `<circle cx="16" cy="16" r="10" fill="${PITCH}"/><path d="M16 10.5l4.6 3.3-1.8 5.4h-5.6l-1.8-5.4z" fill="${CANVAS}"/>`;

/** name → size and SVG (viewBox 32): launcher icons rounded, maskable and Apple full-bleed with the logo in the safe zone. */
const ICONS = {
  'icon-192.png': [192, `<rect width="32" height="32" rx="8" fill="${CANVAS}"/>${BALL}`],
  'icon-512.png': [512, `<rect width="32" height="32" rx="8" fill="${CANVAS}"/>${BALL}`],
  'maskable-512.png': [512, `<rect width="32" height="32" fill="${CANVAS}"/><g transform="translate(4.8 4.8) scale(0.7)">${BALL}</g>`],
  'apple-touch-icon-180.png': [180, `<rect width="32" height="32" fill="${CANVAS}"/><g transform="translate(3.2 3.2) scale(0.8)">${BALL}</g>`],
  // Android's status-bar badge: one colour on transparent.
  'badge-96.png': [96, `<path fill="#fff" fill-rule="evenodd" d="M3 16a13 13 0 1 0 26 0a13 13 0 1 0 -26 0z M16 9l6 4.3-2.3 7h-7.4l-2.3-7z"/>`],
};

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
try {
  for (const [name, [size, art]] of Object.entries(ICONS)) {
    const page = await browser.newPage({ viewport: { width: size, height: size } });
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32" width="${size}" height="${size}">${art}</svg>`;
    await page.setContent(`<html><body style="margin:0;background:transparent">${svg}</body></html>`);
    await page.screenshot({ path: out(name), omitBackground: true });
    await page.close();
    console.log(`${name} ${size}x${size}`);
  }
} finally {
  await browser.close();
}
