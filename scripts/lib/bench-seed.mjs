// The setting up every bench against a running Comptoir repeats: a throw-away data directory (and
// database on MariaDB), the demo data grown to N rows (demo-data.mjs), the built API started in
// production mode on a free port (API only, or building its site), an administrator signed in; the
// server's resident memory read from /proc. One module, so that the benches measure the same thing the
// same way.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { root } from './builds.mjs';
import { growDemoData, seedDemo } from './demo-data.mjs';
import { freePort } from './mariadb.mjs';
import { waitFor as waitUntil } from './stage-steps.mjs';
import { StaffClient } from './staff-client.mjs';

export const BENCH_ADMIN = { email: 'admin@comptoir.example', password: 'Motdepasse-Admin-2024' };

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
export const mb = (bytes) => (bytes / 1024 / 1024).toFixed(1);

/** A process's resident set, in bytes (Linux). */
export const rssOf = (pid) => Number(/VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) * 1024;

/** Polls `check` every 200 ms until it answers true (a thrown error counts as false). */
export const waitFor = (check, timeoutMs, what) => waitUntil(what, timeoutMs, check);

/** The server's answer to `path` has the status `status` (a refused connection: false). */
export const answers =
  (base, path, status = 200) =>
  async () =>
    (await fetch(base + path).catch(() => null))?.status === status;

/** The options of a bench's command line: `--name value`, else `fallback`. */
export const benchOptions = (args) => (name, fallback) => {
  const at = args.indexOf(`--${name}`);
  return at >= 0 ? args[at + 1] : fallback;
};

/** The median of the figures that are not null (null when none is): the mean of the middle two of an even count. */
export const median = (xs) => {
  const s = xs.filter((x) => x !== null).sort((a, b) => a - b);
  if (!s.length) return null;
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

/** The machine's load averages over 1, 5 and 15 minutes, with `digits` decimals. */
export const loadAverages = (digits = 1) =>
  os
    .loadavg()
    .map((l) => l.toFixed(digits))
    .join(' ');

/**
 * A fresh data directory (and, with `mariadb` from startMariaDb, a fresh database) and the
 * environment of a production Comptoir using them. `remove()` deletes the directory. `reuse`: a kept
 * SQLite directory (`dataDir`, created if missing, never removed) or MariaDB database (`database`).
 */
export function benchEnvironment(label, kind = 'sqlite', mariadb = null, reuse = {}) {
  const kept = Boolean(reuse.dataDir);
  const dataDir = kept ? path.resolve(reuse.dataDir) : fs.mkdtempSync(path.join(os.tmpdir(), `comptoir-${label}-${kind}-`));
  fs.mkdirSync(dataDir, { recursive: true });
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
    const name = reuse.database ?? `${label.replace(/\W/g, '_')}_${Date.now()}`;
    if (!reuse.database) mariadb.sql(`CREATE DATABASE ${name} CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
    env.DATABASE_URL = `${mariadb.url}/${name}`;
  }
  return { env, dataDir, remove: () => kept || fs.rmSync(dataDir, { recursive: true, force: true }) };
}

/** Migrates and seeds the demo data, then grows it (growDemoData's counts); answers the seconds spent. */
export async function seedBenchData(env, counts = {}) {
  const started = performance.now();
  seedDemo(env);
  if (Object.values(counts).some(Boolean)) await growDemoData(env, counts);
  return (performance.now() - started) / 1000;
}

/**
 * Builds the API (api/dist) as the bench is about to run it, exiting with the build's status when it
 * fails; not with `--no-build` among `args` (a copy built aside, while others rebuild the working tree's).
 */
export function buildApi(args = []) {
  if (args.includes('--no-build')) return;
  const built = spawnSync('npm', ['run', 'build', '--silent', '-w', 'api'], { cwd: root, stdio: 'inherit' });
  if (built.status !== 0) process.exit(built.status ?? 1);
}

/** The API alone: no site build at start, no demo data on an empty database, no rate limit in the way. */
export const API_ONLY = { BUILD_SITE_ON_BOOT: 'false', SEED_ON_EMPTY: 'false', RATE_LIMIT_FACTOR: '1000' };

/** Ends a process with SIGTERM and waits for its exit (at once when it has already ended). */
export async function stopProcess(child) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

/**
 * Spawns the built API (api/dist/main.js) on a free port with `env` plus `extraEnv` (or what
 * `extraEnv(base)` answers, for a SITE_URL naming the server itself), its output in DATA_DIR/server.log
 * unless `stdio` says otherwise. Waits for nothing: `{ server, base, port, stop }`.
 */
export async function spawnComptoir(env, extraEnv = {}, { stdio } = {}) {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const log = stdio ? null : fs.openSync(path.join(env.DATA_DIR, 'server.log'), 'a');
  const server = spawn(process.execPath, [path.join(root, 'api/dist/main.js')], {
    stdio: stdio ?? ['ignore', log, log],
    env: { ...env, PORT: String(port), ...(typeof extraEnv === 'function' ? extraEnv(base) : extraEnv) },
  });
  return { server, base, port, stop: () => stopProcess(server) };
}

/**
 * Starts the built API alone (API_ONLY) on a free port with `env`, its log in the data directory;
 * answers once /api/health answers, with an administrator's StaffClient signed in.
 */
export async function startBenchServer(env, dataDir, extraEnv = {}) {
  const running = await spawnComptoir({ ...env, DATA_DIR: dataDir }, { ...API_ONLY, ...extraEnv });
  try {
    await waitFor(async () => (await fetch(`${running.base}/api/health`)).ok, 120_000, 'Comptoir');
    const staff = new StaffClient(running.base);
    await staff.signIn(BENCH_ADMIN.email, BENCH_ADMIN.password);
    return { ...running, staff };
  } catch (error) {
    await running.stop();
    throw error;
  }
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
