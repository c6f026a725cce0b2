#!/usr/bin/env node
// Layout shifts as a visitor's browser records them, load after load:
//   npm run bench:layout-shift -- --served http://127.0.0.1:3000 [--pages /contact,/] [--runs 10]
//                                 [--viewport 1350x940] [--cpu 4]
// Debian's Chromium (Playwright) opens each page `runs` times in a fresh context (no cache, no service
// worker), CPU slowed `cpu` times, and sums the `layout-shift` entries without recent input over the
// first 3 s after load, as CLS does for a short visit. Prints each load's CLS and, for a shift, the
// elements that moved (from → to), so that a rare shift can be traced. Lighthouse's desktop preset
// uses 1350 × 940; the default here.
import { chromium } from 'playwright';

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const at = args.indexOf(`--${name}`);
  return at >= 0 ? args[at + 1] : fallback;
};
const served = option('served');
if (!served) {
  console.error('Usage: npm run bench:layout-shift -- --served <base URL of a running Comptoir> [--pages /contact]');
  process.exit(2);
}
const pages = option('pages', '/contact').split(',');
const runs = Number(option('runs', 10));
const [width, height] = option('viewport', '1350x940').split('x').map(Number);
const cpu = Number(option('cpu', 4));

const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH || '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});
const rect = (r) => `${Math.round(r.x)},${Math.round(r.y)} ${Math.round(r.width)}×${Math.round(r.height)}`;
let shifted = 0;
for (const address of pages) {
  const values = [];
  for (let run = 1; run <= runs; run++) {
    const context = await browser.newContext({ viewport: { width, height }, serviceWorkers: 'block' });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpu });
    await page.addInitScript(() => {
      window.__shifts = [];
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries())
          if (!entry.hadRecentInput)
            window.__shifts.push({
              value: entry.value,
              sources: entry.sources.map((s) => ({
                node: s.node ? `${s.node.nodeName.toLowerCase()}.${String(s.node.className ?? '').slice(0, 50)}` : '?',
                from: s.previousRect.toJSON(),
                to: s.currentRect.toJSON(),
              })),
            });
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await page.goto(new URL(address, served).href, { waitUntil: 'load' });
    // Conditions, not time, decide the end of a load elsewhere; here the window is the measure itself.
    await page.waitForTimeout(3000);
    const shifts = await page.evaluate(() => window.__shifts);
    const cls = shifts.reduce((sum, shift) => sum + shift.value, 0);
    values.push(cls);
    console.log(`${address} load ${run}: CLS ${cls.toFixed(3)}`);
    for (const shift of shifts)
      for (const source of shift.sources)
        console.log(`    ${shift.value.toFixed(3)} ${source.node} ${rect(source.from)} → ${rect(source.to)}`);
    await context.close();
  }
  const withShift = values.filter((value) => value > 0).length;
  shifted += withShift;
  console.log(
    `${address}: CLS 0 in ${runs - withShift} loads of ${runs} (largest ${Math.max(...values).toFixed(3)}), ${width}×${height}, CPU ÷${cpu}`,
  );
}
await browser.close();
process.exit(shifted ? 1 : 0);
