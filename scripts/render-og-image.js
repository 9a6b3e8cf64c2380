#!/usr/bin/env node
/**
 * Renders the invite links' preview card (frontend/public/og-invite.png, 1200×630, the size
 * Open Graph and Twitter's large card use) from the SVG below with the project's Chromium.
 * The PNG is committed; run this again only when the design changes:
 *   node scripts/render-og-image.js
 */
const { writeFileSync } = require('node:fs');
const { join } = require('node:path');
const { chromium } = require('playwright-core');

const SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630" viewBox="0 0 1200 630">
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#0b1220"/><stop offset="1" stop-color="#12203a"/></linearGradient>
    <pattern id="stripes" width="120" height="630" patternUnits="userSpaceOnUse"><rect width="60" height="630" fill="#ffffff" opacity="0.025"/></pattern>
  </defs>
  <rect width="1200" height="630" fill="url(#bg)"/>
  <rect width="1200" height="630" fill="url(#stripes)"/>
  <circle cx="1010" cy="315" r="230" fill="none" stroke="#22c55e" stroke-opacity="0.18" stroke-width="6"/>
  <circle cx="1010" cy="315" r="8" fill="#22c55e" fill-opacity="0.4"/>
  <g transform="translate(96 120)">
    <rect width="112" height="112" rx="28" fill="#0b1220" stroke="#22c55e" stroke-opacity="0.35" stroke-width="3"/>
    <circle cx="56" cy="56" r="35" fill="#22c55e"/>
    <path d="M56 36.75l16.1 11.55-6.3 18.9h-19.6l-6.3-18.9z" fill="#0b1220"/>
  </g>
  <text x="96" y="330" font-family="DejaVu Sans, Arial, sans-serif" font-size="84" font-weight="800" fill="#ffffff">Scoreline</text>
  <text x="96" y="400" font-family="DejaVu Sans, Arial, sans-serif" font-size="38" fill="#cbd5e1">You're invited to a prediction league</text>
  <text x="96" y="500" font-family="DejaVu Sans, Arial, sans-serif" font-size="30" font-weight="700" fill="#22c55e">Predict every match · Bank your best pick · Climb the table</text>
</svg>`;

async function main() {
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
  try {
    const page = await browser.newPage({ viewport: { width: 1200, height: 630 } });
    await page.setContent(`<html><body style="margin:0">${SVG}</body></html>`);
    const png = await page.screenshot({ type: 'png', clip: { x: 0, y: 0, width: 1200, height: 630 } });
    const out = join(__dirname, '..', 'frontend', 'public', 'og-invite.png');
    writeFileSync(out, png);
    console.log(`wrote ${out} (${png.length} bytes)`);
  } finally {
    await browser.close();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
