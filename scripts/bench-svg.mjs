#!/usr/bin/env node
// `npm run bench:svg [-- --rounds 5] [-- --module api/src/media/other.ts]`: times the SVG sanitiser
// (api/src/media/svg-sanitizer.ts, run from its TypeScript source) on an ordinary logo, on a drawing
// of 10,000 elements (the most an upload may have) and of 20,000 elements (limits lifted for the
// measurement; an upload that big is refused before parsing), in this thread and through
// `sanitizeSvgOffThread` (the worker thread production uses). Prints ms (median
// of the rounds, first round separately: it loads the sanitiser's libraries). Figures in
// docs/performance.md, "Hostile request bodies".
import { registerHooks } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const args = process.argv.slice(2);
const option = (name, fallback) => (args.includes(name) ? args[args.indexOf(name) + 1] : fallback);
const rounds = Number(option('--rounds', 5));
const modulePath = path.resolve(option('--module', 'api/src/media/svg-sanitizer.ts'));

// The sources import `./x.js`; map those to `./x.ts` as the worker boot does (Node strips the types).
registerHooks({
  resolve(specifier, context, next) {
    try {
      return next(specifier, context);
    } catch (error) {
      if (/^\.{1,2}\/.*\.js$/.test(specifier)) return next(specifier.slice(0, -3) + '.ts', context);
      throw error;
    }
  },
});
const sanitizer = await import(pathToFileURL(modulePath).href);

const LOGO = Buffer.from(
  `<?xml version="1.0" encoding="UTF-8"?>
<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 240 80" width="240" height="80">
  <title>Comptoir</title>
  <defs>
    <linearGradient id="sky" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#1d4ed8"/><stop offset="1" stop-color="#9333ea"/></linearGradient>
    <radialGradient id="sun" cx="0.5" cy="0.5" r="0.5"><stop offset="0" stop-color="#fde047"/><stop offset="1" stop-color="#f59e0b" stop-opacity="0.8"/></radialGradient>
    <clipPath id="round"><rect width="80" height="80" rx="16"/></clipPath>
    <path id="leaf" d="M0 0 C10 -10 20 -10 30 0 C20 10 10 10 0 0 Z"/>
    <filter id="shadow"><feGaussianBlur in="SourceAlpha" stdDeviation="2"/><feOffset dx="1" dy="2" result="b"/><feMerge><feMergeNode in="b"/><feMergeNode in="SourceGraphic"/></feMerge></filter>
  </defs>
  <g clip-path="url(#round)" filter="url(#shadow)">
    <rect width="80" height="80" fill="url(#sky)"/>
    <circle cx="40" cy="36" r="18" fill="url(#sun)"/>
    <use href="#leaf" x="12" y="60" fill="#16a34a"/>
    <use xlink:href="#leaf" x="40" y="62" fill="#15803d" transform="rotate(-10 55 62)"/>
  </g>
  <text x="96" y="50" font-family="Inter, sans-serif" font-size="28" font-weight="700" fill="#111827">Comptoir <tspan fill="#9333ea">&amp;</tspan> Cie</text>
</svg>
`,
);
const drawing = (elements) =>
  Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1000 1000">${Array.from(
      { length: elements - 1 },
      (_, i) =>
        `<rect x="${i % 1000}" y="${Math.floor(i / 20) % 1000}" width="3" height="4" fill="#${(i % 4096).toString(16).padStart(3, '0')}"/>`,
    ).join('')}</svg>`,
  );

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
async function time(label, fn) {
  const figures = [];
  let verdict;
  for (let round = 0; round < rounds; round++) {
    const started = performance.now();
    verdict = await fn();
    figures.push(performance.now() - started);
  }
  const outcome = verdict.ok ? `ok, ${verdict.svg.length} chars` : verdict.reason;
  console.log(
    `${label.padEnd(44)} first ${figures[0].toFixed(0).padStart(6)} ms, median ${median(figures.slice(1)).toFixed(0).padStart(6)} ms  (${outcome})`,
  );
}

console.log(`${path.relative(process.cwd(), modulePath)}, ${rounds} rounds, Node ${process.version}`);
await time('logo, in this thread', () => sanitizer.sanitizeSvg(LOGO));
await time('10,000 elements, in this thread', () => sanitizer.sanitizeSvg(drawing(10_000)));
await time('20,000 elements, refused before parsing', () => sanitizer.sanitizeSvg(drawing(20_000)));
await time('logo, sanitizeSvgOffThread', () => sanitizer.sanitizeSvgOffThread(LOGO));
await time('10,000 elements, sanitizeSvgOffThread', () => sanitizer.sanitizeSvgOffThread(drawing(10_000)));
// Limits lifted (a plain object at run time) to see how the sanitiser itself grows.
Object.assign(sanitizer.SVG_LIMITS, { maxElements: Infinity });
await time('20,000 elements, limits lifted, in this thread', () => sanitizer.sanitizeSvg(drawing(20_000)));
