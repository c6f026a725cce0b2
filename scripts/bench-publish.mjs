#!/usr/bin/env node
// `npm run bench:publish [-- 100 1000 5000] [--runs 5]`: for sites of N articles and N products, the
// time of a full cold build and, from an editor's "Publier" request, the time until the new article
// answers 200 at /article/{slug} (median of several runs). Prints a table; see docs/performance.md.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { BENCH_ADMIN, benchEnvironment, loadAverages, seedBenchData, spawnComptoir, stopProcess } from './lib/bench-seed.mjs';
import { buildIfStale } from './lib/builds.mjs';
import { StaffClient, TINY_PNG } from './lib/staff-client.mjs';
import { waitFor } from './lib/stage-steps.mjs';

const args = process.argv.slice(2);
const runsAt = args.indexOf('--runs');
const runs = runsAt >= 0 ? Number(args[runsAt + 1]) : 5;
const sizes = args.filter((a, i) => /^\d+$/.test(a) && i !== runsAt + 1).map(Number);
if (!sizes.length) sizes.push(100, 1000, 5000);
const keepAt = args.indexOf('--keep');
// --keep DIR: seed each size once into DIR/N and keep it (seeding 10,000 + 10,000 takes a while).
const keepDir = keepAt >= 0 ? path.resolve(args[keepAt + 1]) : null;
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** Comptoir building its site in `env`'s DATA_DIR (not waited for). */
const startServer = (env, extraEnv = {}) =>
  spawnComptoir(env, {
    LOG_LEVEL: process.env.LOG_LEVEL || 'warn',
    SEED_ON_EMPTY: 'false',
    // Fixed, as in production: the pages show it, and another one at each start would rebuild them all.
    SITE_URL: 'http://localhost:8080',
    ...extraEnv,
  });

/** Publishes one article and resolves with the ms until /article/{slug} answers 200. */
async function publishArticle(staff, base, title) {
  const form = new FormData();
  form.set('title', title);
  form.set('status', 'Publié');
  form.set(
    'content',
    JSON.stringify({
      time: Date.now(),
      blocks: [{ type: 'paragraph', data: { text: 'Article de mesure.' } }],
      version: '2.31.0',
    }),
  );
  form.set('image', new Blob([TINY_PNG], { type: 'image/png' }), 'cover.png');
  const t0 = Date.now();
  const created = await staff.request('POST', '/api/blog/create', form);
  const slug = created?.blog?.slug;
  if (!slug) throw new Error(`no slug in ${JSON.stringify(created).slice(0, 200)}`);
  await waitFor(`article ${slug}`, 20 * 60_000, async () => (await fetch(`${base}/article/${slug}`)).status === 200, {
    intervalMs: 100,
  });
  return Date.now() - t0;
}

/**
 * Starts the server on a data folder whose site was built, publishes an article as soon as it
 * listens, and reports the time to live and whether the start rebuilt pages. With
 * `env` changing what every page shows (COMPANY_NAME), the start is a cold build: the edit goes live
 * by priority over the old release meanwhile.
 */
async function publishRightAfterStart(benchEnv, n, env = {}) {
  const { base, stop } = await startServer(benchEnv, env);
  try {
    await waitFor('the server', 60_000, async () => (await fetch(`${base}/api/health`).catch(() => null))?.status > 0, {
      intervalMs: 50,
    });
    const staff = new StaffClient(base);
    await staff.signIn(BENCH_ADMIN.email, BENCH_ADMIN.password);
    const building = (await staff.request('GET', '/api/publishing/status')).status.state === 'building';
    const liveMs = await publishArticle(staff, base, `Publication après démarrage ${n}-${Date.now()}`);
    const started = Date.now();
    await waitFor(
      'the builds to end',
      60 * 60_000,
      async () => (await staff.request('GET', '/api/publishing/status')).status.state === 'idle',
      {
        intervalMs: 200,
      },
    );
    return { liveMs, building, settledMs: Date.now() - started };
  } finally {
    await stop();
  }
}

const load = () => loadAverages(1);
buildIfStale();
console.log(`load average before: ${load()}`);
const results = [];
for (const n of sizes) {
  const kept = keepDir ? path.join(keepDir, String(n)) : null;
  const reuse = kept && fs.existsSync(path.join(kept, 'comptoir.sqlite'));
  const { env, dataDir, remove } = benchEnvironment(`bench-${n}`, 'sqlite', null, { dataDir: kept });
  if (!reuse) {
    const seconds = await seedBenchData(env, { products: n, articles: n });
    console.log(`N=${n}: seeded in ${seconds.toFixed(1)} s`);
  }
  // A kept folder's site is rebuilt from scratch: the cold build is measured, not a restart.
  if (reuse) fs.rmSync(path.join(dataDir, 'site'), { recursive: true, force: true });

  const started = Date.now();
  const { server, base } = await startServer(env);
  try {
    await waitFor(`the cold build at N=${n}`, 60 * 60_000, async () => (await fetch(`${base}/`)).status === 200, {
      intervalMs: 100,
      abort: () => server.exitCode !== null && `the server exited (${server.exitCode}): see ${env.DATA_DIR}/server.log`,
    });
    const coldMs = Date.now() - started;
    const staff = new StaffClient(base);
    await staff.signIn(BENCH_ADMIN.email, BENCH_ADMIN.password);
    const publishMs = [];
    const switchedMs = [];
    for (let run = 0; run < runs; run++) {
      const t0 = Date.now();
      publishMs.push(await publishArticle(staff, base, `Mesure de publication ${n}-${run}-${Date.now()}`));
      // When the server switched the release, to tell the build from the wait for the page to answer.
      const { status } = await staff.request('GET', '/api/publishing/status');
      switchedMs.push(new Date(status.live_since).getTime() - t0);
    }
    await stopProcess(server);
    // A restart with the same site (nothing to build), then a start with another company name (every
    // page shows it: a cold build), each with an article published as soon as the server listens.
    const restart = await publishRightAfterStart(env, n);
    const coldStart = await publishRightAfterStart(env, n, { COMPANY_NAME: `Comptoir ${Date.now()}` });
    console.log(
      `N=${n}: publish right after a restart ${(restart.liveMs / 1000).toFixed(1)} s (start building: ${restart.building}),` +
        ` right after a start with a cold build ${(coldStart.liveMs / 1000).toFixed(1)} s (cold build ended ${(coldStart.settledMs / 1000).toFixed(1)} s later)`,
    );
    results.push({ n, coldMs, publishMs, restart, coldStart });
    console.log(
      `N=${n}: cold build ${(coldMs / 1000).toFixed(1)} s, publish→live ${publishMs.map((m) => (m / 1000).toFixed(1)).join(' / ')} s` +
        ` (release switched after ${switchedMs.map((m) => (m / 1000).toFixed(1)).join(' / ')} s)`,
    );
  } finally {
    await stopProcess(server);
    remove();
  }
}

console.log(
  '\n| N articles + N products | cold full build (s) | publish → live, median (s) | runs | publish right after a restart (s) | publish during a cold build at start (s) |',
);
console.log('| ---: | ---: | ---: | ---: | ---: | ---: |');
for (const r of results) {
  console.log(
    `| ${r.n} | ${(r.coldMs / 1000).toFixed(1)} | ${(median(r.publishMs) / 1000).toFixed(1)} | ${r.publishMs.length} |` +
      ` ${(r.restart.liveMs / 1000).toFixed(1)}${r.restart.building ? ' (rebuilt)' : ''} | ${(r.coldStart.liveMs / 1000).toFixed(1)} |`,
  );
}
console.log(
  `\nmachine: ${os.cpus().length} cores, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, node ${process.version}, load average after: ${load()}`,
);
