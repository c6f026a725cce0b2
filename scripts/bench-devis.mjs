#!/usr/bin/env node
// Times the "devis" PDF layout (api/src/orders/devis-pdf.ts, run from source by Node's type stripping)
// and shows why it runs in a worker thread: the longest event-loop stall while documents are made
// in-process versus in the worker.
//
//   npm run bench:devis [-- <lines per quote> ...]      (default: 5 20 50)
import { performance } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';

const url = new URL('../api/src/orders/devis-pdf.ts', import.meta.url);
const { renderDevis } = await import(url.href);
const sizes = process.argv
  .slice(2)
  .map(Number)
  .filter((n) => n > 0);
const RUNS = 20;

function model(lines) {
  return {
    createdAt: '2026-11-23T10:00:00.000Z',
    number: 'CMD-2026-00042',
    date: '23 novembre 2026',
    validUntil: '23 décembre 2026',
    company: {
      name: 'Comptoir Industriel du Togo',
      lines: ['Lomé-Togo, Agoe Cacaveli', '+228 90 00 00 01', 'contact@comptoir.example'],
      legalIds: ['RCCM TG-LOM 2020 B 1234'],
    },
    client: [
      ['Entreprise', 'Négoce Atlantique SARL'],
      ['Téléphone', '+228 90 44 55 66'],
      ['Email', 'achats@negoce.example'],
    ],
    representative: [
      ['Nom', 'Kodjo Mensah'],
      ['Téléphone', '+228 91 22 33 44'],
      ['Email', 'k.mensah@negoce.example'],
    ],
    lines: Array.from({ length: lines }, (_, i) => ({
      designation: `Groupe électrogène diesel ${i + 1} kVA insonorisé`,
      reference: `GE-${1000 + i}`,
      quantity: String((i % 5) + 1),
      unitPrice: '1 250 000 FCFA',
      currency: 'XOF',
      total: '2 500 000 FCFA',
    })),
    totals: [
      ['Total XOF', '62 500 000 FCFA'],
      ['Total EUR', '899,90 €'],
      ['Total en Fcfa', '63 090 296 FCFA'],
    ],
    rates: ['1 EUR = 655,957 FCFA (parité fixe)'],
    note: null,
    terms: [
      ['Moyen de paiement', 'Chèque'],
      ['Conditions de paiement', '30 jours fin de mois'],
    ],
    footer: 'Comptoir Industriel du Togo · Devis valable 30 jours.',
  };
}

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
    enable() {},
    disable() {
      max = Math.max(max, performance.now() - last);
      clearInterval(timer);
    },
    get max() {
      return max * 1e6;
    },
  };
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function inProcess(m) {
  const times = [];
  const delay = stallMeter();
  delay.enable();
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    await renderDevis(m);
    times.push(performance.now() - start);
    // Let the timer run between documents, as the API would between requests.
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  delay.disable();
  return { median: median(times), stall: delay.max / 1e6 };
}

async function inWorker(worker, m) {
  const times = [];
  const delay = stallMeter();
  delay.enable();
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    await new Promise((resolve, reject) => {
      worker.once('message', (msg) => (msg.error ? reject(new Error(msg.error)) : resolve(msg.pdf)));
      worker.postMessage({ id: i, model: m });
    });
    times.push(performance.now() - start);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  delay.disable();
  return { median: median(times), stall: delay.max / 1e6 };
}

const coldStart = performance.now();
const first = await renderDevis(model(5));
console.log(`first document (cold, loads fonts): ${(performance.now() - coldStart).toFixed(1)} ms, ${first.length} bytes`);
const worker = new Worker(url, { workerData: { devisWorker: true } });
await new Promise((resolve) => {
  worker.once('message', resolve);
  worker.postMessage({ id: -1, model: model(1) });
});
console.log(
  '| lines | in-process median (ms) | longest event-loop stall in-process (ms) | worker median (ms) | longest stall with worker (ms) |',
);
console.log('| ---: | ---: | ---: | ---: | ---: |');
for (const lines of sizes.length ? sizes : [5, 20, 50]) {
  const m = model(lines);
  const a = await inProcess(m);
  const b = await inWorker(worker, m);
  console.log(`| ${lines} | ${a.median.toFixed(1)} | ${a.stall.toFixed(1)} | ${b.median.toFixed(1)} | ${b.stall.toFixed(1)} |`);
}
await worker.terminate();
