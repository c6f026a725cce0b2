#!/usr/bin/env node
// `npm test`: everything, on a fresh machine of this kind. Lint and types, unit tests, the API suite
// on SQLite and on a throw-away MariaDB, then browser tests in Chromium against the real server.
// Then the production topology (scale-out): replicas behind Debian's nginx on a throw-away MariaDB,
// and the production image (image): docker/Dockerfile built with buildah and run as its own user.
// Ends with one line "N passed, N failed" summing every runner.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { buildIfStale, root } from './lib/builds.mjs';
import { jestFailures, playwrightFailures, printFailedTests, readReport } from './lib/failed-tests.mjs';
import { startMariaDb } from './lib/mariadb.mjs';
import { requireNode } from './lib/node-version.mjs';
import { ensureSystemPackages } from './lib/system-deps.mjs';

requireNode();
const only = process.argv.slice(2); // e.g. `npm test -- lint api-sqlite` runs only those stages
const wanted = (stage) => only.length === 0 || only.includes(stage);
const totals = { passed: 0, failed: 0, skipped: 0 };
const failures = [];
const reports = fs.mkdtempSync(path.join(os.tmpdir(), 'comptoir-test-reports-'));
const bin = (name) => path.join(root, 'node_modules/.bin', name);
/** Every stage's outcome and time, printed as one table at the end (how long CI spends where). */
const timings = [];
/** Each runner's failed tests, named again at the end: the end of a CI log is what is read. */
const failedTests = [];
const runStarted = Date.now();
const seconds = (ms) => (ms / 1000).toFixed(1);

// No stage may hang CI: past its limit it is killed and counts as failed. The browser suite gets more: on
// a slow, shared CI machine it took 1,438 s and then 1,500+ s (killed at 25 minutes with 161 of 167 tests
// passed), while the whole run stays well within CI's 90 minutes.
const STAGE_LIMIT_MS = 25 * 60_000;
const BROWSER_STAGE_LIMIT_MS = 45 * 60_000;

/** Kills a stage's whole process group (its workers included), if it is still there. */
function killGroup(pid) {
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    // Already gone.
  }
}

/** The stages' process groups still running: stopped with this script (Ctrl-C, or CI stopping it). */
const running = new Set();
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    for (const pid of running) killGroup(pid);
    process.exit(signal === 'SIGINT' ? 130 : 143);
  });
}

/**
 * Runs one stage's command. Alone (`beside: false`) it writes to this terminal as it goes; run beside
 * another stage, each line is prefixed with its label so that the two logs stay readable. Past its limit
 * the stage's whole process group is killed (a jest or Playwright run leaves workers otherwise).
 */
function run(label, cmd, args, { beside = false, limitMs = STAGE_LIMIT_MS, ...options } = {}) {
  console.log(`\n=== ${label}${beside ? ' (beside another stage: its lines start with its name)' : ''} ===`);
  const started = Date.now();
  const child = spawn(cmd, args, {
    cwd: root,
    stdio: beside ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    detached: true,
    ...options,
    env: { ...process.env, ...options.env },
  });
  running.add(child.pid);
  if (beside) {
    for (const stream of [child.stdout, child.stderr])
      readline.createInterface({ input: stream }).on('line', (line) => console.log(`[${label}] ${line}`));
  }
  let killed = false;
  const timer = setTimeout(() => {
    killed = true;
    killGroup(child.pid);
  }, limitMs);
  return new Promise((resolve) => {
    child.on('error', (error) => console.log(`=== ${label}: could not start: ${error.message} ===`));
    child.on('close', (status) => {
      clearTimeout(timer);
      running.delete(child.pid);
      if (killed) console.log(`=== ${label}: killed after ${limitMs / 60_000} minutes ===`);
      const ok = status === 0 && !killed;
      const elapsed = Date.now() - started;
      timings.push({ label, ok, elapsed });
      console.log(`=== ${label}: ${ok ? 'ok' : 'FAILED'} in ${seconds(elapsed)} s ===`);
      if (!ok) failures.push(label);
      resolve(ok);
    });
  });
}

function countJest(label, file) {
  const r = readReport(file);
  failedTests.push({ label, failures: jestFailures(r) });
  try {
    totals.passed += r.numPassedTests;
    totals.failed += r.numFailedTests;
    totals.skipped += r.numPendingTests + (r.numTodoTests ?? 0);
    if (r.numTotalTests === 0) failures.push(`${label}: no test ran`);
    if (r.numFailedTestSuites > 0 && r.numFailedTests === 0) totals.failed += r.numFailedTestSuites;
  } catch {
    totals.failed += 1;
  }
}

async function jest(label, args, env = {}, runOptions = {}) {
  const out = path.join(reports, `${label}.json`);
  await run(
    label,
    process.execPath,
    [
      '--experimental-vm-modules',
      path.join(root, 'node_modules/jest/bin/jest.js'),
      '--json',
      `--outputFile=${out}`,
      '--forceExit',
      ...args,
    ],
    {
      cwd: path.join(root, 'api'),
      env: { NODE_ENV: 'test', ...env },
      ...runOptions,
    },
  );
  countJest(label, out);
}

const prepared = Date.now();
ensureSystemPackages();
// The boot tests run the built entry point, and the browser tests the built front ends.
buildIfStale();
timings.push({ label: 'system packages and builds', ok: true, elapsed: Date.now() - prepared });

if (wanted('lint')) {
  await run('eslint', bin('eslint'), ['--max-warnings=0', '.']);
  await run('prettier', bin('prettier'), ['--check', '--log-level=warn', '.']);
  await run('comments', process.execPath, [path.join(root, 'scripts/check-comments.mjs')]);
  for (const ws of ['api', 'dashboard', 'site', 'tests']) {
    if (fs.existsSync(path.join(root, ws, 'tsconfig.json'))) await run(`typecheck ${ws}`, bin('tsc'), ['-p', ws, '--noEmit']);
  }
}

// The security proofs (api/test/security) run in their own stage below, not twice.
const SECURITY_TESTS = 'test/security/';
// The API suites one file at a time, as --runInBand would, but in one worker process that jest replaces
// when a file leaves it above 2 GB: the ES modules each file loads are never freed in one process, and
// the whole API run outgrew the 4 GB heap (an out-of-memory crash after 400 s).
const ONE_RECYCLED_WORKER = ['--maxWorkers=1', '--workerIdleMemoryLimit=2GB'];

// The front ends' logic (the site's cart, the dashboard's URL state, permissions, charts, editor
// conversions) where it lives, with Vitest: a few seconds.
if (wanted('unit')) {
  const out = path.join(reports, 'vitest.json');
  await run('vitest', bin('vitest'), ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${out}`]);
  countJest('vitest', out);
}

// The API suite on SQLite and on MariaDB run side by side when both are wanted: each is one Node process
// doing one test file at a time (SQLite inside it), so together they keep both cores busy, and the two
// stages that made half of a CI run take little more than the longer one. The files that run real Astro
// builds of the site's one source folder (which Astro also writes to) run after both, one at a time: two
// at once made one fail.
const apiSuites = wanted('api-sqlite') && wanted('api-mariadb');
const REAL_SITE_BUILDS = 'src/publishing/cold-build';
const leftOut = apiSuites ? `${SECURITY_TESTS}|${REAL_SITE_BUILDS}` : SECURITY_TESTS;

async function apiOnSqlite() {
  const projects = [wanted('unit') && 'unit', wanted('api-sqlite') && 'api'].filter(Boolean);
  await jest(
    'jest-sqlite',
    ['--selectProjects', ...projects, ...ONE_RECYCLED_WORKER, `--testPathIgnorePatterns=${leftOut}`],
    { TEST_DB: 'sqlite' },
    { beside: apiSuites },
  );
}

let mariaDb;
async function apiOnMariaDb() {
  console.log('\n=== starting a throw-away MariaDB ===');
  const dbStarted = Date.now();
  mariaDb = await startMariaDb();
  timings.push({ label: 'start MariaDB', ok: true, elapsed: Date.now() - dbStarted });
  await jest(
    'jest-mariadb',
    ['--selectProjects', 'api', ...ONE_RECYCLED_WORKER, `--testPathIgnorePatterns=${leftOut}`],
    { TEST_DB: 'mariadb', TEST_MARIADB_URL: mariaDb.url },
    { beside: apiSuites },
  );
}

try {
  await Promise.all([(wanted('unit') || wanted('api-sqlite')) && apiOnSqlite(), wanted('api-mariadb') && apiOnMariaDb()]);
  if (apiSuites) {
    await jest('jest-sqlite-site-builds', ['--selectProjects', 'api', '--runInBand', REAL_SITE_BUILDS], {
      TEST_DB: 'sqlite',
    });
    await jest('jest-mariadb-site-builds', ['--selectProjects', 'api', '--runInBand', REAL_SITE_BUILDS], {
      TEST_DB: 'mariadb',
      TEST_MARIADB_URL: mariaDb.url,
    });
  }
} finally {
  await mariaDb?.stop();
}

// `npm test -- security`: the hardening proofs in one place. Wide/deep bodies while
// /api/health is measured, the lock-out and NAT-office scenarios, EXIF and polyglot uploads, hostile
// ids, invalid Unicode, headers, the anonymous and CSRF sweeps over every route, the route-policy
// table and the under-privileged matrix, password rules; then, on MariaDB, the same proofs with the
// 200 concurrent order-status changes.
if (wanted('security')) {
  // The proofs that live beside their code run here only when their own stage does not run them.
  const files = [
    SECURITY_TESTS,
    ...(wanted('api-sqlite') ? [] : ['test/access/route-policy', 'test/access/permission-matrix']),
    ...(wanted('unit') ? [] : ['src/auth/password-rules', 'src/common/transactions']),
  ];
  await jest('security-sqlite', ['--selectProjects', 'unit', 'api', '--runInBand', ...files], { TEST_DB: 'sqlite' });
  console.log('\n=== starting a throw-away MariaDB for the security stage ===');
  const db = await startMariaDb();
  try {
    await jest('security-mariadb', ['--selectProjects', 'api', '--runInBand', SECURITY_TESTS], {
      TEST_DB: 'mariadb',
      TEST_MARIADB_URL: db.url,
    });
  } finally {
    await db.stop();
  }
}

if (wanted('e2e')) {
  try {
    buildIfStale();
    const out = path.join(reports, 'playwright.json');
    await run('playwright', bin('playwright'), ['test'], {
      env: { PLAYWRIGHT_JSON_OUTPUT_NAME: out },
      limitMs: BROWSER_STAGE_LIMIT_MS,
    });
    const report = readReport(out);
    failedTests.push({ label: 'playwright', failures: playwrightFailures(report) });
    try {
      const stats = report.stats;
      totals.passed += stats.expected + (stats.flaky ?? 0);
      totals.failed += stats.unexpected;
      totals.skipped += stats.skipped;
    } catch {
      totals.failed += 1;
    }
  } catch (error) {
    failures.push(`build: ${error.message}`);
  }
}

if (wanted('scale-out')) {
  // The compose topology run natively: MariaDB, two replicas, shared site and uploads, nginx.
  await runScriptStage('scale-out', 'scripts/scale-out.mjs', 'SCALE_OUT_REPORT');
}

if (wanted('image')) {
  // docker/Dockerfile's `app` target built with buildah and run: migrations, site, pages, backup.
  await runScriptStage('image', 'scripts/image-stage.mjs', 'IMAGE_REPORT');
}

console.log('');
printTimings();
printFailedTests(failedTests);
if (failures.length) console.log(`Failed stages: ${failures.join(', ')}`);
console.log(`${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(failures.length || totals.failed ? 1 : 0);

/**
 * A stage run by a script of ours rather than jest or Playwright: it writes { passed, failed } to the
 * file named by `reportVariable`; no report at all (the script died) counts as one failure.
 */
async function runScriptStage(name, script, reportVariable) {
  const out = path.join(reports, `${name}.json`);
  await run(name, process.execPath, [path.join(root, script)], { env: { [reportVariable]: out } });
  try {
    const r = JSON.parse(fs.readFileSync(out, 'utf8'));
    totals.passed += r.passed;
    totals.failed += r.failed;
  } catch {
    totals.failed += 1;
  }
}

function printTimings() {
  const width = Math.max(5, ...timings.map((t) => t.label.length));
  const line = (label, result, time) => `${label.padEnd(width)}  ${result.padEnd(6)}  ${time.padStart(8)}`;
  console.log(line('stage', 'result', 'seconds'));
  for (const t of timings) console.log(line(t.label, t.ok ? 'ok' : 'FAILED', seconds(t.elapsed)));
  console.log(line('total', failures.length ? 'FAILED' : 'ok', seconds(Date.now() - runStarted)));
  console.log('');
}
