#!/usr/bin/env node
// `npm test -- scale-out`: the production topology of docker/compose.yaml, run natively. A throw-away
// MariaDB, uploads on a throw-away S3-compatible server (SCALE_OUT_STORAGE=local: on one folder every
// replica mounts, compose's `uploads` volume instead), replicas of api/dist/main.js on their own ports with their own
// DATA_DIRs and one shared SITE_DIR, and Debian's nginx running docker/nginx.conf in front of them.
// Every step waits for a condition, never for a time; the figures (requests, errors during a kill,
// publish -> visible, builder takeover) are printed at the end. Writes { passed, failed } to the file
// named by SCALE_OUT_REPORT for scripts/test.mjs.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { buildIfStale, root } from './lib/builds.mjs';
import { freePort, startMariaDb } from './lib/mariadb.mjs';
import { startNginx } from './lib/nginx.mjs';
import { startS3Server } from './lib/s3.mjs';
import { requireNode } from './lib/node-version.mjs';
import { StaffClient, TINY_PNG } from './lib/staff-client.mjs';

requireNode();
const ADMIN = { email: 'admin@comptoir.example', password: 'Motdepasse-Admin-2024' };
// Generous: the machine running the tests may be shared and loaded.
const BOOT_LIMIT_MS = 8 * 60_000;
const BUILD_LIMIT_MS = 15 * 60_000;
const LOAD_REQUESTS = 600;
const LOAD_CONCURRENCY = 8;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const seconds = (ms) => (ms / 1000).toFixed(1);
const results = { passed: 0, failed: 0 };
const figures = {};
const cleanups = [];
let lastPublished; // slug of the last article published by publishArticle

function log(line) {
  console.log(`[scale-out] ${line}`);
}

async function waitFor(what, limitMs, check) {
  const deadline = Date.now() + limitMs;
  let last;
  for (;;) {
    try {
      const value = await check();
      if (value) return value;
    } catch (error) {
      last = error;
    }
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}${last ? ` (last error: ${last.message})` : ''}`);
    await sleep(200);
  }
}

async function step(name, fn) {
  const started = Date.now();
  try {
    await fn();
    results.passed++;
    log(`ok   ${name} (${seconds(Date.now() - started)} s)`);
  } catch (error) {
    results.failed++;
    log(`FAIL ${name}: ${error.stack ?? error.message}`);
  }
}

function assert(condition, message) {
  if (!condition) throw new Error(message);
}

const get = (url, init) => fetch(url, { redirect: 'manual', signal: AbortSignal.timeout(30_000), ...init });

// ---------------------------------------------------------------------------------------------------
// The topology

buildIfStale();
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'comptoir-scale-out-'));
fs.chmodSync(work, 0o755); // nginx's workers run as another user and read the shared site from here
const siteDir = path.join(work, 'site'); // the shared volume of the public site
const sharedStorage = path.join(work, 'uploads'); // the shared uploads volume (compose: `uploads`)
fs.mkdirSync(siteDir);
fs.mkdirSync(sharedStorage);

log('starting a throw-away MariaDB');
const db = await startMariaDb();
cleanups.push(() => db.stop());
const created = db.sql('CREATE DATABASE comptoir CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci');
if (created.status !== 0) throw new Error(`CREATE DATABASE failed: ${created.stderr}`);
const databaseUrl = `${db.url}/comptoir`;
const mysql = createRequire(path.join(root, 'api/package.json'))('mysql2/promise');
const sqlConnection = await mysql.createConnection({ uri: databaseUrl });
cleanups.push(() => sqlConnection.end());
const buildState = async () =>
  (
    await sqlConnection.query(
      'SELECT lock_owner, state, requested_seq, built_seq, live_release FROM site_build_state WHERE id = 1',
    )
  )[0][0];

// Uploads: S3 (STORAGE_URL=s3://...) by default, or the shared folder of compose's default mode.
const localStorage = process.env.SCALE_OUT_STORAGE === 'local';
let storageEnv = {};
let readSitePointer = null; // the release SITE_BUCKET_URL's current.json names, in S3 mode
if (!localStorage) {
  log('starting a throw-away S3-compatible server');
  const s3 = await startS3Server();
  cleanups.push(() => s3.stop());
  // Releases are also uploaded to the bucket (SITE_BUCKET_URL), as for a CDN origin.
  storageEnv = { ...s3.env, SITE_BUCKET_URL: `s3://${s3.bucket}/site` };
  const { S3Client, GetObjectCommand } = createRequire(path.join(root, 'api/package.json'))('@aws-sdk/client-s3');
  const client = new S3Client({
    region: s3.env.AWS_REGION,
    endpoint: s3.endpoint,
    forcePathStyle: true,
    credentials: { accessKeyId: s3.env.AWS_ACCESS_KEY_ID, secretAccessKey: s3.env.AWS_SECRET_ACCESS_KEY },
  });
  readSitePointer = async () => {
    const object = await client.send(new GetObjectCommand({ Bucket: s3.bucket, Key: 'site/current.json' }));
    return JSON.parse(await object.Body.transformToString());
  };
}

const ports = { a: await freePort(), b: await freePort(), c: await freePort(), nginx: await freePort() };
const replicas = {};

/** One Comptoir process, in its own process group so that kill -9 takes its site build with it (as a container dies). */
function startReplica(name, { builder }) {
  const dataDir = path.join(work, `data-${name}`);
  fs.mkdirSync(dataDir, { recursive: true });
  // Uploads on a volume every replica mounts, like compose's `uploads:/data/storage`.
  if (localStorage && !fs.existsSync(path.join(dataDir, 'storage'))) fs.symlinkSync(sharedStorage, path.join(dataDir, 'storage'));
  const out = fs.openSync(path.join(work, `${name}.log`), 'a');
  const child = spawn(process.execPath, [path.join(root, 'api/dist/main.js')], {
    detached: true,
    stdio: ['ignore', out, out],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(ports[name]),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SITE_DIR: siteDir,
      SITE_BUILDER: String(builder),
      BUILD_SITE_ON_BOOT: '',
      DATABASE_URL: databaseUrl,
      SITE_URL: `http://127.0.0.1:${ports.nginx}`,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      // The demo content gives the site pages to serve; compose keeps SEED_ON_EMPTY=false.
      SEED_ON_EMPTY: 'true',
      TRUST_PROXY: 'true',
      RATE_LIMIT_FACTOR: '100',
      LOG_LEVEL: 'info',
      ...storageEnv,
    },
  });
  const replica = { name, child, dataDir, builder, url: `http://127.0.0.1:${ports[name]}`, log: path.join(work, `${name}.log`) };
  replicas[name] = replica;
  return replica;
}

function kill9(replica) {
  try {
    process.kill(-replica.child.pid, 'SIGKILL');
  } catch {
    /* already gone */
  }
  return new Promise((resolve) =>
    replica.child.exitCode !== null || replica.child.signalCode ? resolve() : replica.child.once('exit', resolve),
  );
}

async function stopReplica(replica) {
  if (replica.child.exitCode !== null || replica.child.signalCode) return;
  const exited = new Promise((resolve) => replica.child.once('exit', resolve));
  replica.child.kill('SIGTERM');
  const timer = setTimeout(() => kill9(replica), 30_000);
  await exited;
  clearTimeout(timer);
}

const healthy = (replica) => async () => {
  if (replica.child.exitCode !== null) throw new Error(`${replica.name} exited: ${tail(replica.log)}`);
  return (await get(`${replica.url}/api/health`)).status === 200;
};

function tail(file) {
  try {
    return fs.readFileSync(file, 'utf8').slice(-1500);
  } catch {
    return '';
  }
}

cleanups.push(async () => {
  for (const replica of Object.values(replicas)) await kill9(replica);
});

let nginx;
try {
  nginx = await startNginx({
    port: ports.nginx,
    upstreams: [`127.0.0.1:${ports.a}`, `127.0.0.1:${ports.b}`],
    siteDir,
    dashboardDir: path.join(root, 'dashboard/dist'),
  });
  cleanups.push(() => nginx.stop());
  log(`nginx on ${nginx.url} (docker/nginx.conf), replicas A :${ports.a} (builder) and B :${ports.b}`);
  log(`uploads: ${localStorage ? `one shared folder ${sharedStorage}` : storageEnv.STORAGE_URL}`);

  // -------------------------------------------------------------------------------------------------
  await step('three processes started at once on an empty MariaDB all come up', async () => {
    const started = Date.now();
    const all = [
      startReplica('a', { builder: true }),
      startReplica('b', { builder: false }),
      startReplica('c', { builder: false }),
    ];
    await Promise.all(all.map((r) => waitFor(`${r.name} to answer /api/health`, BOOT_LIMIT_MS, healthy(r))));
    await waitFor('nginx to reach the replicas', 60_000, async () => (await get(`${nginx.url}/api/health`)).status === 200);
    figures.concurrentBootS = seconds(Date.now() - started);
    const [[{ n }]] = await sqlConnection.query('SELECT COUNT(*) AS n FROM migrations');
    const [[{ distinct }]] = await sqlConnection.query('SELECT COUNT(DISTINCT name) AS `distinct` FROM migrations');
    assert(n > 0 && n === distinct, `each migration must be recorded once (rows ${n}, distinct ${distinct})`);
    const [[{ admins }]] = await sqlConnection.query('SELECT COUNT(*) AS admins FROM users WHERE email = ?', [ADMIN.email]);
    assert(Number(admins) === 1, `one first administrator expected, found ${admins}`);
    await stopReplica(replicas.c); // the compose set-up has two replicas; the third only proved the start
  });

  let home;
  await step('the public site built by A is served by nginx, A and B from the one shared SITE_DIR', async () => {
    await waitFor(
      'the first site release through nginx',
      BUILD_LIMIT_MS,
      async () => (await get(`${nginx.url}/`)).status === 200,
    );
    home = await (await get(`${nginx.url}/`)).text();
    for (const r of [replicas.a, replicas.b]) {
      const body = await waitFor(`${r.name} to serve the same release`, 30_000, async () => {
        const text = await (await get(`${r.url}/`)).text();
        return text === home ? text : null;
      });
      assert(body === home, `${r.name} serves another home page than nginx`);
    }
    assert(fs.lstatSync(path.join(siteDir, 'current')).isSymbolicLink(), 'SITE_DIR/current must be a symlink');
    for (const r of [replicas.b, replicas.c]) {
      assert(!fs.existsSync(path.join(r.dataDir, 'site')), `${r.name} (SITE_BUILDER=false) must not write a site`);
    }
    const dashboard = await get(`${nginx.url}/dashboard/articles`);
    assert(dashboard.status === 200 && (await dashboard.text()).includes('<div id'), 'nginx serves the dashboard SPA');
  });

  const staffA = new StaffClient(replicas.a.url);
  const staffB = new StaffClient(replicas.b.url);
  await step('a session made on A works on B', async () => {
    await staffA.signIn(ADMIN.email, ADMIN.password);
    staffB.cookies = new Map(staffA.cookies);
    const me = await staffB.request('GET', '/api/user');
    assert(JSON.stringify(me).includes(ADMIN.email), `B does not know the session: ${JSON.stringify(me).slice(0, 200)}`);
  });

  await step('an upload through A is served by B and by nginx', async () => {
    const form = new FormData();
    form.set('image', new Blob([TINY_PNG], { type: 'image/png' }), 'scale-out.png');
    const answer = await staffA.request('POST', '/api/upload-image', form);
    const url = new URL(answer.file.url, replicas.a.url);
    for (const base of [replicas.b.url, nginx.url]) {
      const res = await get(`${base}${url.pathname}`);
      assert(
        res.status === 200,
        `${base}${url.pathname} answered ${res.status}: ${base === nginx.url ? nginx.errorLog(url.pathname) : ''}`,
      );
      assert(Buffer.from(await res.arrayBuffer()).length > 0, 'empty image');
    }
  });

  let lastSlug;
  await step('a publish through B (not a builder) appears through nginx', async () => {
    const before = await buildState();
    const t0 = Date.now();
    lastSlug = await publishArticle(staffB, 'Publication à travers B');
    await waitFor(
      'the article through nginx',
      BUILD_LIMIT_MS,
      async () => (await get(`${nginx.url}/article/${lastSlug}`)).status === 200,
    );
    figures.publishToNginxS = seconds(Date.now() - t0);
    // Each replica re-reads the `current` link at most once a second.
    for (const r of [replicas.a, replicas.b]) {
      await waitFor(
        `${r.name} to serve the new article`,
        30_000,
        async () => (await get(`${r.url}/article/${lastSlug}`)).status === 200,
      );
    }
    const after = await buildState();
    assert(after.built_seq > before.built_seq, 'the build counter must move');
    if (readSitePointer) {
      const pointer = await readSitePointer();
      assert(pointer.release === after.live_release, `the bucket points at ${pointer.release}, not ${after.live_release}`);
    }
  });

  await step('kill -9 of B under load through nginx: no static error, under 1 % on /api', async () => {
    const release = fs.realpathSync(path.join(siteDir, 'current'));
    const pages = [
      '/',
      ...fs
        .readdirSync(release)
        .filter((f) => f.endsWith('.html') && f !== '404.html')
        .map((f) => `/${f.slice(0, -5)}`),
    ];
    pages.push(`/article/${lastSlug}`);
    const api = ['/api/categories', '/api/product?page=1', '/api/health'];
    const counts = { static: { requests: 0, errors: 0 }, api: { requests: 0, errors: 0 } };
    const errors = [];
    let issued = 0;
    let killedAt = null;
    const worker = async () => {
      while (issued < LOAD_REQUESTS) {
        const i = issued++;
        if (i === Math.floor(LOAD_REQUESTS / 4) && killedAt === null) {
          killedAt = i;
          void kill9(replicas.b);
        }
        const isApi = i % 2 === 1;
        const target = isApi ? api[i % api.length] : pages[i % pages.length];
        const kind = isApi ? counts.api : counts.static;
        kind.requests++;
        try {
          const res = await get(`${nginx.url}${target}`);
          await res.arrayBuffer();
          if (res.status !== 200) {
            kind.errors++;
            errors.push(`${target} ${res.status}`);
          }
        } catch (error) {
          kind.errors++;
          errors.push(`${target} ${error.message}`);
        }
      }
    };
    await Promise.all(Array.from({ length: LOAD_CONCURRENCY }, worker));
    figures.kill = counts;
    assert(killedAt !== null && replicas.b.child.signalCode === 'SIGKILL', 'B must have been killed during the load');
    assert(counts.static.errors === 0, `static pages failed: ${errors.slice(0, 5).join('; ')}`);
    assert(counts.api.errors / counts.api.requests < 0.01, `too many /api errors: ${errors.slice(0, 5).join('; ')}`);
  });

  await step('a builder killed while building loses publishing to the other builder (takeover measured)', async () => {
    // B comes back as a second builder: the stand-by that takes over when A dies.
    startReplica('b', { builder: true });
    await waitFor('B to come back', BOOT_LIMIT_MS, healthy(replicas.b));
    await publishArticle(staffA, 'Publication interrompue');
    const building = await waitFor('a build to start', BUILD_LIMIT_MS, async () => {
      const state = await buildState();
      return state.state === 'building' && state.lock_owner ? state : null;
    });
    const holderPid = Number(building.lock_owner.split(':')[1]);
    const holder = Object.values(replicas).find((r) => r.child.pid === holderPid && r.child.exitCode === null);
    assert(holder, `the lock owner ${building.lock_owner} is none of the running replicas`);
    const other = holder === replicas.a ? replicas.b : replicas.a;
    const killedAt = Date.now();
    await kill9(holder);
    const target = building.requested_seq;
    await waitFor('the other builder to take the lock', 5 * 60_000, async () => {
      const state = await buildState();
      return (state.lock_owner && state.lock_owner !== building.lock_owner) || state.built_seq >= target;
    });
    figures.takeoverS = seconds(Date.now() - killedAt);
    figures.takeoverBy = other.name;
    await waitFor('the interrupted change to go live', BUILD_LIMIT_MS, async () => (await buildState()).built_seq >= target);
    figures.takeoverLiveS = seconds(Date.now() - killedAt);
    const slug = lastPublished;
    const res = await get(`${nginx.url}/article/${slug}`);
    assert(res.status === 200, `the article published before the crash is not live through nginx (${res.status})`);
  });
} catch (error) {
  results.failed++;
  log(`FAIL setting up the topology: ${error.stack ?? error.message}`);
} finally {
  if (results.failed) {
    for (const name of Object.keys(replicas)) log(`--- last lines of ${name}.log ---\n${tail(replicas[name].log)}`);
    if (nginx) log(`--- nginx error log ---\n${nginx.errorLog()}`);
  }
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
  if (!results.failed) fs.rmSync(work, { recursive: true, force: true });
  else log(`logs kept in ${work}`);
}

async function publishArticle(staff, title) {
  const form = new FormData();
  form.set('title', `${title} ${Date.now()}`);
  form.set('status', 'Publié');
  form.set(
    'content',
    JSON.stringify({ time: Date.now(), blocks: [{ type: 'paragraph', data: { text: title } }], version: '2.31.0' }),
  );
  form.set('image', new Blob([TINY_PNG], { type: 'image/png' }), 'cover.png');
  const created = await staff.request('POST', '/api/blog/create', form);
  const slug = created?.blog?.slug;
  assert(slug, `no slug in ${JSON.stringify(created).slice(0, 200)}`);
  lastPublished = slug;
  return slug;
}

console.log('\nscale-out figures');
if (figures.concurrentBootS) console.log(`  3 processes on an empty MariaDB: all up in ${figures.concurrentBootS} s`);
if (figures.publishToNginxS) console.log(`  publish through B -> visible through nginx: ${figures.publishToNginxS} s`);
if (figures.kill) {
  const { static: s, api } = figures.kill;
  console.log(`  kill -9 of B under load through nginx: ${s.requests + api.requests} requests (${LOAD_CONCURRENCY} at a time)`);
  console.log(`    static pages: ${s.errors} errors / ${s.requests};  /api: ${api.errors} errors / ${api.requests}`);
}
if (figures.takeoverS) {
  console.log(
    `  builder killed mid-build -> lock taken by ${figures.takeoverBy} after ${figures.takeoverS} s (lease 20 s + poll)`,
  );
  console.log(`  builder killed mid-build -> the change live through nginx after ${figures.takeoverLiveS} s`);
}
console.log(`${results.passed} passed, ${results.failed} failed`);
if (process.env.SCALE_OUT_REPORT) fs.writeFileSync(process.env.SCALE_OUT_REPORT, JSON.stringify(results));
process.exit(results.failed ? 1 : 0);
