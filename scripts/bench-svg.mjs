#!/usr/bin/env node
// `npm run bench:svg [-- --rounds 5] [-- --module api/src/media/other.ts]`: times the SVG sanitiser
// (api/src/media/svg-sanitizer.ts, run from its TypeScript source) on an ordinary logo, on a drawing
// of 10,000 elements (the most an upload may have) and of 20,000 elements (limits lifted for the
// measurement; an upload that big is refused before parsing), in this thread and through
// `sanitizeSvgOffThread` (the worker pool production uses). Prints ms (median
// of the rounds, first round separately: it loads the sanitiser's libraries). Figures in
// docs/performance.md, "Hostile request bodies".
import fs from 'node:fs';
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

const LOGO = fs.readFileSync(path.resolve('api/test/support/logo.svg'));
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
// The worker pool keeps a thread up between tasks: stop it so that the process ends.
await (await import(pathToFileURL(path.resolve('api/src/core/workers/pool.ts')).href)).closeWorkerPool();
// Limits lifted (a plain object at run time) to see how the sanitiser itself grows.
Object.assign(sanitizer.SVG_LIMITS, { maxElements: Infinity });
await time('20,000 elements, limits lifted, in this thread', () => sanitizer.sanitizeSvg(drawing(20_000)));
