#!/usr/bin/env node
// Times the layout of every client document (api/src/documents/pdf/document-pdf.ts: devis, bon de
// commande, bon de livraison, facture, avoir; run from source by Node's type stripping) and shows why
// it runs in a worker thread: the longest event-loop stall while documents are made in-process versus
// on the worker pool the API uses (render-off-thread.ts, core/workers/pool.ts).
//
//   npm run bench:devis [-- <lines per document> ...]      (default: 1 23 200)
import { registerHooks } from 'node:module';
import { performance } from 'node:perf_hooks';

// The sources import each other as './x.js': resolve those to the TypeScript files.
registerHooks({
  resolve(specifier, context, next) {
    try {
      return next(specifier, context);
    } catch (error) {
      if (/^\.{1,2}\/.*\.js$/.test(specifier)) return next(`${specifier.slice(0, -3)}.ts`, context);
      throw error;
    }
  },
});

const pdfDir = new URL('../api/src/documents/pdf/', import.meta.url);
const { renderDocumentPdf } = await import(new URL('document-pdf.ts', pdfDir).href);
const { renderDocumentPdfOffThread } = await import(new URL('render-off-thread.ts', pdfDir).href);
const { closeWorkerPool } = await import(new URL('../../core/workers/pool.ts', pdfDir).href);
const { DOCUMENT_KINDS, sampleDocument } = await import(new URL('sample-models.ts', pdfDir).href);
const logoPath = new URL('../api/src/seed/data/demo-logo.png', import.meta.url).pathname;

const sizes = process.argv
  .slice(2)
  .map(Number)
  .filter((n) => n > 0);
const runsFor = (lines) => (lines >= 100 ? 5 : 15);

/** The longest gap between two ticks of a 1 ms timer: how long the event loop was blocked. */
function stallMeter() {
  let last = performance.now();
  let max = 0;
  const timer = setInterval(() => {
    const now = performance.now();
    max = Math.max(max, now - last);
    last = now;
  }, 1);
  return {
    stop() {
      max = Math.max(max, performance.now() - last);
      clearInterval(timer);
      return max;
    },
  };
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function time(render, model, runs) {
  const times = [];
  const meter = stallMeter();
  let bytes = 0;
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    bytes = (await render(model)).length;
    times.push(performance.now() - start);
    // Let the timer run between documents, as the API would between requests.
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  return { median: median(times), stall: meter.stop(), bytes };
}

const options = {
  logoPath,
  legalIds: ['RCCM TG-LOM 2019 B 01234', 'NIF 1000123456'],
  bank: ['Banque : Ecobank Togo', 'IBAN : TG53 TG05 5010 0112 3456 7890 12', 'BIC : ECOCTGTG'],
};
const coldStart = performance.now();
const first = await renderDocumentPdf(sampleDocument('devis', 5, options));
console.log(`first document (cold, loads fonts): ${(performance.now() - coldStart).toFixed(1)} ms, ${first.length} bytes`);
await renderDocumentPdfOffThread(sampleDocument('devis', 1, options)); // starts the worker
console.log(
  '| document | lines | pages | bytes | in-process median (ms) | longest stall in-process (ms) | worker median (ms) | longest stall with worker (ms) |',
);
console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
for (const kind of DOCUMENT_KINDS) {
  for (const lines of sizes.length ? sizes : [1, 23, 200]) {
    const model = sampleDocument(kind, lines, options);
    const a = await time(renderDocumentPdf, model, runsFor(lines));
    const b = await time(renderDocumentPdfOffThread, model, runsFor(lines));
    const pdf = await renderDocumentPdf(model);
    const pages = (pdf.toString('latin1').match(/\/Type \/Page\b/g) ?? []).length;
    console.log(
      `| ${kind} | ${lines} | ${pages} | ${a.bytes} | ${a.median.toFixed(1)} | ${a.stall.toFixed(1)} | ${b.median.toFixed(1)} | ${b.stall.toFixed(1)} |`,
    );
  }
}
await closeWorkerPool();
