#!/usr/bin/env node
// `npm test -- image`: the production image, built and run as an operator would. Builds target `app` of
// docker/Dockerfile with buildah (on a local stand-in of the base image, scripts/lib/base-image.mjs),
// then inside the built image, as its unprivileged user (uid 10001), with buildah's chroot isolation on
// the host network: migrations on a throw-away MariaDB, the public site built into SITE_DIR, `/`,
// `/catalogue`, `/dashboard/` and `/api/health/ready` answering 200, and `npm run backup` (no path)
// writing an archive. /data and /srv/site are folders of the host mounted into the container, laid out
// as the image's own (what compose's named volumes start from). Every wait is for a condition, never
// for a time. Prints the image's size and the stage's times; writes { passed, failed } to the file
// named by IMAGE_REPORT for scripts/test.mjs. Containers and the database are removed even on failure.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { root } from './lib/builds.mjs';
import { BASE_IMAGE, ensureBaseImage } from './lib/base-image.mjs';
import { freePort, startMariaDb } from './lib/mariadb.mjs';
import { requireNode } from './lib/node-version.mjs';
import { assert, createStage, seconds, waitFor } from './lib/stage-steps.mjs';

requireNode();
const IMAGE = 'localhost/comptoir-app';
const UID = 10001;
// Generous limits for a loaded machine; each wait ends as soon as its condition holds.
const BOOT_LIMIT_MS = 5 * 60_000;
const SITE_LIMIT_MS = 8 * 60_000;
const { results, timings, log, step } = createStage('image');
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const stageStarted = Date.now();
const cleanups = [];

function run(cmd, args, options = {}) {
  return spawnSync(cmd, args, { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, ...options });
}

function imageSize(name) {
  const r = run('buildah', ['images', '--format', '{{.Size}}', name]);
  return r.status === 0 ? r.stdout.trim().split('\n')[0] : 'unknown';
}

/** Skipped checks count as failed: a broken build must not look like a short green run. */
function skip(names, why) {
  for (const name of names) {
    results.failed++;
    log(`FAIL ${name}: skipped (${why})`);
  }
}

const CHECKS_IN_IMAGE = [
  'runs as uid 10001 by default',
  'migrations run on MariaDB, ready',
  'public site built into SITE_DIR',
  'GET / answers 200',
  'GET /catalogue answers 200',
  'GET /dashboard/ answers 200',
  'GET /api/health/ready answers 200',
  'npm run backup (no path) writes an archive',
];

let work;
let db;
let server;
// Interrupted (Ctrl-C, a stage limit's SIGTERM): the container, the server and the database go too.
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, async () => {
    log(`${signal}: cleaning up`);
    await cleanUp();
    process.exit(1);
  });
}

try {
  const baseOk = await step('base image stand-in present', () => {
    ensureBaseImage({ log: (line) => log(line) });
  });

  let built = false;
  if (baseOk) {
    built = await step('buildah bud --target app', () => {
      // --layers: each step's result is cached, so an unchanged package set reinstalls nothing.
      // --jobs 2: the compile stage and the production dependencies build side by side.
      // --format docker: the image keeps its HEALTHCHECK (the OCI format has none).
      const args = [
        'bud',
        '--isolation',
        'chroot',
        '--pull=never',
        '--layers',
        '--force-rm',
        '--jobs',
        '2',
        '--format',
        'docker',
        // The chroot's default of 1,024 open files is too few for npm ci reading a warm cache (EMFILE).
        '--ulimit',
        `nofile=${openFilesLimit()}`,
        '-f',
        'docker/Dockerfile',
        '--target',
        'app',
        '-t',
        IMAGE,
        '.',
      ];
      log(`buildah ${args.join(' ')}`);
      const r = spawnSync('buildah', args, {
        cwd: root,
        stdio: ['ignore', 'pipe', 'pipe'],
        encoding: 'utf8',
        maxBuffer: 256 * 1024 ** 2,
      });
      const output = `${r.stdout}${r.stderr}`;
      // The step lines and whether each came from the cache, not npm's own chatter.
      for (const line of output.split('\n'))
        if (/^\[\d+\/\d+\] STEP|^--> Using cache|^Error/.test(line)) log(`  ${line.slice(0, 160)}`);
      // npm prints its reason first, then pages of usage: the first error lines say why.
      const reasons = output
        .split('\n')
        .filter((l) => /^npm error \S|^Error/.test(l))
        .slice(0, 12);
      if (r.status !== 0) throw new Error(`buildah bud exited with ${r.status}:\n${reasons.join('\n')}\n${output.slice(-1500)}`);
    });
  } else skip(['buildah bud --target app'], 'no base image');

  if (!built) skip(CHECKS_IN_IMAGE, 'no image');
  else {
    log(`image ${IMAGE}: ${imageSize(IMAGE)} (base stand-in ${BASE_IMAGE}: ${imageSize(BASE_IMAGE)})`);
    work = fs.mkdtempSync(path.join(os.tmpdir(), 'comptoir-image-'));
    fs.chmodSync(work, 0o755);
    // The two volumes, laid out and owned as in the image (a new named volume copies them).
    const dataDir = path.join(work, 'data');
    const siteDir = path.join(work, 'site');
    for (const dir of [dataDir, path.join(dataDir, 'storage'), path.join(dataDir, 'backups'), siteDir]) {
      fs.mkdirSync(dir, { recursive: true });
      fs.chownSync(dir, UID, UID);
    }

    const name = `comptoir-image-test-${process.pid}`;
    const from = run('buildah', ['from', '--pull=never', '--name', name, IMAGE]);
    if (from.status !== 0) throw new Error(`buildah from: ${from.stderr}`);
    cleanups.push(() => run('buildah', ['rm', name]));
    // The image's VOLUMEs dropped from this working container: buildah 1.28 mounts its own volume over a
    // bind at the same place (not always: -v /srv/site lost, --mount both lost), the host folders win.
    const unvolume = run('buildah', ['config', '--volume', '/data-', '--volume', '/srv/site-', name]);
    if (unvolume.status !== 0) throw new Error(`buildah config: ${unvolume.stderr}`);

    db = await startMariaDb();
    cleanups.push(() => db.stop());
    const created = db.sql('CREATE DATABASE comptoir CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci');
    if (created.status !== 0) throw new Error(`CREATE DATABASE: ${created.stderr}`);
    const port = await freePort();
    const origin = `http://127.0.0.1:${port}`;
    const env = {
      DATABASE_URL: `${db.url}/comptoir`,
      PORT: String(port),
      HOST: '127.0.0.1',
      SITE_URL: origin,
      ADMIN_EMAIL: 'admin@comptoir.example',
      ADMIN_PASSWORD: 'Motdepasse-Admin-2024',
      COMPANY_NAME: 'Comptoir Industriel du Togo',
      COMPANY_EMAIL: 'contact@comptoir.example',
      COMPANY_PHONES: '+228 90 00 00 01',
      COMPANY_ADDRESS: 'Lomé-Togo, Agoe Cacaveli',
      COMPANY_MAP_QUERY: 'Agoe Cacaveli, Lomé, Togo',
      LOG_FORMAT: 'json',
    };
    // `user` unset: the image's own USER; the checks below pass it explicitly as well.
    const inContainer = (command, { user = `${UID}:${UID}` } = {}) => [
      'run',
      '--isolation',
      'chroot',
      '--network',
      'host',
      ...(user ? ['--user', user] : []),
      '-v',
      `${dataDir}:/data`,
      '-v',
      `${siteDir}:/srv/site`,
      ...Object.entries(env).flatMap(([k, v]) => ['-e', `${k}=${v}`]),
      name,
      '--',
      ...command,
    ];

    await step('runs as uid 10001 by default', () => {
      const config = JSON.parse(run('buildah', ['inspect', '--type', 'image', IMAGE]).stdout);
      const user = config.Docker?.config?.User ?? config.OCIv1?.config?.User;
      assert(user === `${UID}:${UID}`, `the image's USER is ${JSON.stringify(user)}`);
      const id = run('buildah', inContainer(['id', '-u'], { user: null }));
      assert(
        id.status === 0 && id.stdout.trim() === String(UID),
        `id -u in the container: exit ${id.status}, ${id.stdout}${id.stderr}`,
      );
    });

    // The server, in the background: its own process group, so that it can be stopped as a whole.
    const serverLog = path.join(work, 'server.log');
    const out = fs.openSync(serverLog, 'a');
    server = spawn('buildah', inContainer(['node', 'api/dist/main.js']), { detached: true, stdio: ['ignore', out, out] });
    let exited = null;
    server.on('exit', (code, signal) => (exited = signal ?? code));
    cleanups.push(() => stopServer());
    const serverGone = () => (exited !== null ? `the server exited (${exited}): ${tail(serverLog)}` : null);
    const get = (p) => fetch(origin + p, { redirect: 'manual', signal: AbortSignal.timeout(30_000) });

    // A failed site build is reported by GET /api/health (site.state 'failed'): stop waiting then.
    let siteFailure = null;
    const watchSite = setInterval(async () => {
      try {
        const health = await (await get('/api/health')).json();
        if (health.site?.state === 'failed') siteFailure = `the site build failed: ${health.site.error ?? ''}`;
      } catch {
        /* not up yet */
      }
    }, 1000);
    cleanups.push(() => clearInterval(watchSite));

    const ready = await step('migrations run on MariaDB, ready', async () => {
      await waitFor('GET /api/health/ready = 200', BOOT_LIMIT_MS, async () => (await get('/api/health/ready')).status === 200, {
        abort: serverGone,
      });
      const count = db.sql('SELECT COUNT(*) FROM comptoir.migrations');
      const n = Number(count.stdout.trim().split('\n').pop());
      assert(n > 0, `no migration recorded (${count.stdout}${count.stderr})`);
      log(`  ${n} migrations recorded`);
    });

    const siteBuilt = ready
      ? await step('public site built into SITE_DIR', async () => {
          const index = path.join(siteDir, 'current', 'index.html');
          await waitFor('SITE_DIR/current/index.html', SITE_LIMIT_MS, () => fs.existsSync(index), {
            abort: () => serverGone() ?? siteFailure,
          });
          const release = fs.readlinkSync(path.join(siteDir, 'current'));
          const owner = fs.statSync(index).uid;
          assert(owner === UID, `the release belongs to uid ${owner}`);
          log(`  live release ${release}`);
        })
      : (skip(['public site built into SITE_DIR'], 'server not ready'), false);

    for (const [name, p] of [
      ['GET / answers 200', '/'],
      ['GET /catalogue answers 200', '/catalogue'],
      ['GET /dashboard/ answers 200', '/dashboard/'],
      ['GET /api/health/ready answers 200', '/api/health/ready'],
    ]) {
      if (!ready || (!siteBuilt && !p.startsWith('/api') && !p.startsWith('/dashboard'))) {
        skip([name], ready ? 'no site' : 'server not ready');
        continue;
      }
      await step(name, async () => {
        const res = await get(p);
        const body = await res.text();
        assert(res.status === 200, `${res.status}: ${body.slice(0, 300)}`);
        if (p === '/' || p === '/catalogue') assert(/<html/i.test(body), 'not an HTML page');
      });
    }

    if (!ready) skip(['npm run backup (no path) writes an archive'], 'server not ready');
    else
      await step('npm run backup (no path) writes an archive', () => {
        // Beside the running server, as `docker compose exec app1 npm run backup` would.
        const before = new Set(archives(dataDir));
        const r = run('buildah', inContainer(['npm', 'run', 'backup']));
        const output = `${r.stdout}${r.stderr}`;
        assert(r.status === 0, `exit ${r.status}: ${output.slice(-2000)}`);
        const fresh = archives(dataDir).filter((f) => !before.has(f));
        assert(fresh.length === 1, `expected one new archive under DATA_DIR, found ${fresh.length}: ${output.slice(-1000)}`);
        const stat = fs.statSync(fresh[0]);
        assert(stat.size > 0, 'the archive is empty');
        const listing = run('tar', ['-tzf', fresh[0]]);
        assert(listing.status === 0 && listing.stdout.trim(), `not a readable archive: ${listing.stderr}`);
        log(
          `  ${path.relative(dataDir, fresh[0])} in DATA_DIR: ${(stat.size / 1024).toFixed(0)} KB, mode ${(stat.mode & 0o777).toString(8)}, uid ${stat.uid}`,
        );
      });
  }
} catch (error) {
  results.failed++;
  log(`FAIL ${error.stack ?? error.message}`);
} finally {
  await cleanUp();
}

log('');
for (const t of timings) log(`${t.name.padEnd(48)} ${seconds(t.ms).padStart(7)} s`);
log(`image ${IMAGE}: ${imageSize(IMAGE)}; stage ${seconds(Date.now() - stageStarted)} s`);
log(`${results.passed} passed, ${results.failed} failed`);
if (process.env.IMAGE_REPORT) fs.writeFileSync(process.env.IMAGE_REPORT, JSON.stringify(results));
process.exit(results.failed ? 1 : 0);

async function cleanUp() {
  while (cleanups.length) {
    try {
      await cleanups.pop()();
    } catch (error) {
      log(`cleanup: ${error.message}`);
    }
  }
  if (work) fs.rmSync(work, { recursive: true, force: true });
}

function archives(dir) {
  const found = [];
  const walk = (d) => {
    for (const entry of fs.readdirSync(d, { withFileTypes: true })) {
      const full = path.join(d, entry.name);
      if (entry.isDirectory() && entry.name !== 'storage') walk(full);
      else if (entry.isFile() && /\.tar(\.gz)?$|\.tgz$|\.enc$/.test(entry.name)) found.push(full);
    }
  };
  walk(dir);
  return found;
}

function openFilesLimit() {
  const hard = Number(run('sh', ['-c', 'ulimit -Hn']).stdout.trim());
  const n = Number.isFinite(hard) && hard > 0 ? Math.min(hard, 65536) : 65536;
  return `${n}:${n}`;
}

function tail(file, chars = 3000) {
  try {
    return fs.readFileSync(file, 'utf8').slice(-chars);
  } catch {
    return '';
  }
}

/** SIGTERM to the server's process group, SIGKILL if it has not exited within 30 s. */
async function stopServer() {
  if (!server || server.exitCode !== null || server.signalCode !== null) return;
  const exit = new Promise((resolve) => server.once('exit', resolve));
  try {
    process.kill(-server.pid, 'SIGTERM');
  } catch {
    return;
  }
  const killed = await Promise.race([exit.then(() => false), sleep(30_000).then(() => true)]);
  if (killed) {
    try {
      process.kill(-server.pid, 'SIGKILL');
    } catch {
      /* gone */
    }
    await exit;
  }
}
