#!/usr/bin/env node
// `npm run bench:bodies [-- --rounds 3]`: starts the built server on a throw-away DATA_DIR and, while
// one client polls GET /api/health, sends 100,000-key, 10,000-deep and 100,000-deep-array bodies (JSON
// and urlencoded) to every public write route and to sign-in. Prints the answers' statuses and the
// health latencies (median, p99, max): the figures behind "no request can freeze the server",
// recorded in docs/performance.md. Tests assert the 413s; timings live here (the machine may be loaded).
import http from 'node:http';
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';
import { benchEnvironment, spawnComptoir } from './lib/bench-seed.mjs';
import { buildIfStale } from './lib/builds.mjs';

const args = process.argv.slice(2);
const roundsAt = args.indexOf('--rounds');
const rounds = roundsAt >= 0 ? Number(args[roundsAt + 1]) : 3;
const ROUTES = [
  '/api/login',
  '/api/account/recovery',
  '/api/account/reset',
  '/api/contact',
  '/api/newsletter',
  '/api/order/create',
  '/api/order/estimate',
];

function send(port, method, route, body, type, agent) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method,
        path: route,
        agent,
        headers: body ? { 'Content-Type': type, 'Content-Length': Buffer.byteLength(body) } : {},
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode, ms: performance.now() - started }));
      },
    );
    req.on('error', (error) =>
      error.code === 'ECONNRESET' || error.code === 'EPIPE'
        ? resolve({ status: 'reset', ms: performance.now() - started })
        : reject(error),
    );
    if (body) req.write(body);
    req.end();
  });
}

const bodies = {
  'json 100k keys': ['application/json', `{${Array.from({ length: 100_000 }, (_, i) => `"k${i}":${i}`).join(',')}}`],
  'json 10k deep': ['application/json', '{"a":'.repeat(10_000) + '1' + '}'.repeat(10_000)],
  'json 100k deep array': ['application/json', '['.repeat(100_000) + ']'.repeat(100_000)],
  'urlencoded 100k keys': [
    'application/x-www-form-urlencoded',
    Array.from({ length: 100_000 }, (_, i) => `k${i}=${i}`).join('&'),
  ],
};

if (!isMainThread) {
  const statuses = {};
  for (let round = 0; round < workerData.rounds; round++) {
    for (const route of ROUTES) {
      for (const [name, [type, body]] of Object.entries(bodies)) {
        const { status } = await send(workerData.port, 'POST', route, body, type, undefined);
        statuses[`${name} → ${status}`] = (statuses[`${name} → ${status}`] ?? 0) + 1;
      }
    }
  }
  parentPort.postMessage(statuses);
  process.exit(0);
}

buildIfStale();
// An empty database in the development mode (NODE_ENV as this process has it), rate limits as configured.
const { env, remove } = benchEnvironment('bench-bodies');
if (process.env.NODE_ENV) env.NODE_ENV = process.env.NODE_ENV;
else delete env.NODE_ENV;
const { port, stop } = await spawnComptoir(
  env,
  { HOST: '127.0.0.1', BUILD_SITE_ON_BOOT: 'false', SEED_ON_EMPTY: 'false', COMPANY_EMAIL_DOMAIN: 'comptoir.example' },
  { stdio: ['ignore', 'inherit', 'inherit'] },
);
try {
  for (;;) {
    const ok = await send(port, 'GET', '/api/health', null, null, undefined).catch(() => null);
    if (ok?.status === 200) break;
    await new Promise((r) => setTimeout(r, 200));
  }
  const healthAgent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  // Baseline: the same polling with no hostile request, for as many answers.
  const baseline = [];
  for (let i = 0; i < 60; i++) baseline.push((await send(port, 'GET', '/api/health', null, null, healthAgent)).ms);
  const latencies = [];
  let running = true;
  const poll = (async () => {
    while (running) latencies.push((await send(port, 'GET', '/api/health', null, null, healthAgent)).ms);
  })();
  // The attacker runs in its own thread, so that building and writing its bodies does not delay the
  // health client's own event loop: the latencies measured are the server's.
  const statuses = await new Promise((resolve, reject) => {
    const attacker = new Worker(new URL(import.meta.url), { workerData: { port, rounds } });
    attacker.once('message', resolve);
    attacker.once('error', reject);
  });
  running = false;
  await poll;
  healthAgent.destroy();
  const summary = (values) => {
    const sorted = [...values].sort((a, b) => a - b);
    const at = (q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))].toFixed(1);
    return `${sorted.length} answers, median ${at(0.5)} ms, p99 ${at(0.99)} ms, max ${at(1)} ms`;
  };
  console.log(`\nHostile bodies: ${rounds} round(s) × ${ROUTES.length} routes × ${Object.keys(bodies).length} bodies`);
  for (const [key, count] of Object.entries(statuses)) console.log(`  ${key}: ${count}`);
  console.log(`GET /api/health alone:     ${summary(baseline)}`);
  console.log(`GET /api/health meanwhile: ${summary(latencies)}`);
} finally {
  await stop();
  remove();
}
