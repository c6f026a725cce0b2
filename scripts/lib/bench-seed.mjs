// The setting up every bench against a running Comptoir repeats: a throw-away data directory (and
// database on MariaDB), the demo data grown to N rows (demo-data.mjs), the built API started in
// production mode on a free port, an administrator signed in; the server's resident memory read from
// /proc. One module, so that the benches measure the same thing the same way.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { root } from './builds.mjs';
import { growDemoData, seedDemo } from './demo-data.mjs';
import { freePort } from './mariadb.mjs';
import { StaffClient } from './staff-client.mjs';

export const BENCH_ADMIN = { email: 'admin@comptoir.example', password: 'Motdepasse-Admin-2024' };

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
export const mb = (bytes) => (bytes / 1024 / 1024).toFixed(1);

/** A process's resident set, in bytes (Linux). */
export const rssOf = (pid) => Number(/VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) * 1024;

/** Polls `check` every 200 ms until it answers true (a thrown error counts as false). */
export async function waitFor(check, timeoutMs, what) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check().catch(() => false)) return;
    await sleep(200);
  }
  throw new Error(`timed out waiting for ${what}`);
}

/**
 * A fresh data directory (and, with `mariadb` from startMariaDb, a fresh database) and the
 * environment of a production Comptoir using them. `remove()` deletes the directory.
 */
export function benchEnvironment(label, kind, mariadb) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `comptoir-${label}-${kind}-`));
  const env = {
    ...process.env,
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    ADMIN_EMAIL: BENCH_ADMIN.email,
    ADMIN_PASSWORD: BENCH_ADMIN.password,
    LOG_LEVEL: 'warn',
    DATABASE_URL: '',
  };
  if (kind === 'mariadb') {
    const name = `${label.replace(/\W/g, '_')}_${Date.now()}`;
    mariadb.sql(`CREATE DATABASE ${name} CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
    env.DATABASE_URL = `${mariadb.url}/${name}`;
  }
  return { env, dataDir, remove: () => fs.rmSync(dataDir, { recursive: true, force: true }) };
}

/** Migrates and seeds the demo data, then grows it (growDemoData's counts); answers the seconds spent. */
export async function seedBenchData(env, counts = {}) {
  const started = performance.now();
  seedDemo(env);
  if (Object.values(counts).some(Boolean)) await growDemoData(env, counts);
  return (performance.now() - started) / 1000;
}

/**
 * Starts the built API (api/dist/main.js) on a free port with `env`, its log in the data directory;
 * answers once /api/health answers, with an administrator's StaffClient signed in.
 */
export async function startBenchServer(env, dataDir, extraEnv = {}) {
  const port = await freePort();
  const log = fs.openSync(path.join(dataDir, 'server.log'), 'a');
  const server = spawn(process.execPath, [path.join(root, 'api/dist/main.js')], {
    stdio: ['ignore', log, log],
    env: {
      ...env,
      PORT: String(port),
      BUILD_SITE_ON_BOOT: 'false',
      SEED_ON_EMPTY: 'false',
      RATE_LIMIT_FACTOR: '1000',
      ...extraEnv,
    },
  });
  const base = `http://127.0.0.1:${port}`;
  await waitFor(async () => (await fetch(`${base}/api/health`)).ok, 120_000, 'Comptoir');
  const staff = new StaffClient(base);
  await staff.signIn(BENCH_ADMIN.email, BENCH_ADMIN.password);
  return { server, base, staff, stop: () => server.kill() };
}

/** Samples a process's RSS every 20 ms while `work` runs: { result, before, peak } (bytes). */
export async function withPeakRss(pid, work) {
  const before = rssOf(pid);
  let peak = before;
  const sampler = setInterval(() => {
    try {
      peak = Math.max(peak, rssOf(pid));
    } catch {
      // The process ended: the last figure stands.
    }
  }, 20);
  try {
    return { result: await work(), before, peak };
  } finally {
    clearInterval(sampler);
  }
}
