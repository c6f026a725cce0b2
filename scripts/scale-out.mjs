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
import { assert, createStage, seconds, waitFor } from './lib/stage-steps.mjs';
import { requireNode } from './lib/node-version.mjs';
import { StaffClient, TINY_PNG } from './lib/staff-client.mjs';

requireNode();
const ADMIN = { email: 'admin@comptoir.example', password: 'Motdepasse-Admin-2024' };
// Generous: the machine running the tests may be shared and loaded.
const BOOT_LIMIT_MS = 8 * 60_000;
const BUILD_LIMIT_MS = 15 * 60_000;
const LOAD_REQUESTS = 600;
const LOAD_CONCURRENCY = 8;
/** Headers of one connection or one answer, not of the page: left out of the comparison. */
const PER_ANSWER_HEADERS = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding', 'x-request-id', 'server']);
const SIGTERM_LOAD_REQUESTS = 240;
const SIGTERM_AT = 60;
const SHUTDOWN_BOUND_MS = 10_000; // SHUTDOWN_TIMEOUT_MS's default: the replicas are started without it
const { results, log, step } = createStage('scale-out', { stackTraces: true });
const figures = {};
const cleanups = [];
let lastPublished; // slug of the last article published by publishArticle

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
      // As compose runs them: nginx compresses the API's answers (its `location /api/`).
      COMPRESS_ANSWERS: 'false',
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
    // The home page of the answer that said 200: pages now come from the replicas, and for up to a
    // second after the first release goes live one of them may still answer its "site en cours de
    // publication" page (each re-reads the live release at most once a second).
    home = await waitFor('the first site release through nginx', BUILD_LIMIT_MS, async () => {
      const res = await get(`${nginx.url}/`);
      return res.status === 200 ? res.text() : false;
    });
    for (const r of [replicas.a, replicas.b]) {
      const body = await waitFor(`${r.name} to serve the same release`, 30_000, async () => {
        const text = await (await get(`${r.url}/`)).text();
        if (text === home) return text;
        const at = [...text].findIndex((c, i) => c !== home[i]);
        throw new Error(
          `${text.length} chars against ${home.length} through nginx, first difference at ${at}: ${JSON.stringify(text.slice(at - 40, at + 60))} | ${JSON.stringify(home.slice(at - 40, at + 60))}`,
        );
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

  await step("nginx answers every page kind with the app's own headers; dot-files are never served", async () => {
    await compareHeadersThroughNginx();
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
    // The new release's own script hashes, through nginx, without any reload of nginx.
    await assertReleaseCsp(`/article/${lastSlug}`);
    if (readSitePointer) {
      const pointer = await readSitePointer();
      assert(pointer.release === after.live_release, `the bucket points at ${pointer.release}, not ${after.live_release}`);
    }
  });

  await step('nginx passes a request id to the app, which echoes it, and both logs carry it', async () => {
    const given = `scale-out-${Date.now()}`;
    const answered = await get(`${nginx.url}/api/user`, { headers: { 'X-Request-Id': given } });
    assert(answered.headers.get('x-request-id') === given, `the caller's id not echoed: ${answered.headers.get('x-request-id')}`);
    // None (or one the app would refuse): nginx's own $request_id, 32 hex digits.
    const own = (await get(`${nginx.url}/api/user`, { headers: { 'X-Request-Id': 'not sane' } })).headers.get('x-request-id');
    assert(/^[0-9a-f]{32}$/.test(own ?? ''), `nginx's own id expected, got ${own}`);
    for (const id of [given, own]) {
      await waitFor(`request id ${id} in nginx's access log`, 10_000, () =>
        nginx.accessLog().some((line) => line.includes(`request_id=${id} `)),
      );
      await waitFor(`request id ${id} in a replica's log`, 10_000, () =>
        [replicas.a, replicas.b].some((r) => fs.readFileSync(r.log, 'utf8').includes(id)),
      );
    }
  });

  await step('SIGTERM of B under load through nginx: 0 failed requests, B exits within its bound', async () => {
    await sigtermUnderLoad(staffA);
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

// ---------------------------------------------------------------------------------------------------
// Headers through nginx and direct, and a graceful stop under load

async function headersOf(url, headers = {}) {
  // identity: the app's on-the-fly path on both sides (its brotli cache would otherwise differ per replica).
  const res = await get(url, { headers: { 'Accept-Encoding': 'identity', ...headers } });
  await res.arrayBuffer();
  const kept = [...res.headers].filter(([name]) => !PER_ANSWER_HEADERS.has(name)).sort(([a], [b]) => a.localeCompare(b));
  return { status: res.status, headers: Object.fromEntries(kept) };
}

function headerDiff(a, b) {
  const names = new Set([...Object.keys(a.headers), ...Object.keys(b.headers)]);
  const diff = [...names].filter((n) => a.headers[n] !== b.headers[n]).map((n) => `${n}: ${a.headers[n]} | ${b.headers[n]}`);
  if (a.status !== b.status) diff.unshift(`status ${a.status} | ${b.status}`);
  return diff;
}

async function compareHeadersThroughNginx() {
  const release = fs.realpathSync(path.join(siteDir, 'current'));
  const first = (dir) =>
    fs
      .readdirSync(path.join(release, dir))
      .find((f) => f.endsWith('.html'))
      ?.slice(0, -5);
  const pages = {
    home: '/',
    about: '/about',
    blog: '/blog',
    article: `/article/${first('article')}`,
    catalogue: '/catalogue',
    product: `/product/${first('product')}`,
    contact: '/contact',
    404: '/no-such-page',
    'client orders': '/mes-commandes',
    dashboard: '/dashboard/',
    'dashboard deep link': '/dashboard/orders',
  };
  const differences = [];
  let compared = 0;
  // Plain http, then behind a TLS terminator (X-Forwarded-Proto: https, where HSTS must appear).
  for (const proto of ['http', 'https']) {
    const headers = proto === 'https' ? { 'X-Forwarded-Proto': 'https' } : {};
    for (const [kind, page] of Object.entries(pages)) {
      // nginx twice: round robin, so both replicas answer through it.
      const [viaNginx1, viaNginx2, viaA, viaB] = await Promise.all(
        [nginx.url, nginx.url, replicas.a.url, replicas.b.url].map((base) => headersOf(`${base}${page}`, headers)),
      );
      for (const [side, answer] of [
        ['B', viaB],
        ['nginx', viaNginx1],
        ['nginx', viaNginx2],
      ]) {
        for (const line of headerDiff(viaA, answer)) differences.push(`${kind} ${page} (${proto}) A | ${side}: ${line}`);
      }
      const expected = kind === '404' ? 404 : 200;
      assert(viaNginx1.status === expected, `${kind} ${page} answered ${viaNginx1.status} through nginx`);
      assert(viaA.headers['content-security-policy'], `${kind}: no Content-Security-Policy`);
      assert(viaA.headers['permissions-policy'], `${kind}: no Permissions-Policy`);
      // Opener isolation on the dashboard; the site's pages go without it (security-headers.ts, sharedPage).
      const isolated = kind.startsWith('dashboard');
      assert(
        Boolean(viaA.headers['cross-origin-opener-policy']) === isolated,
        `${kind}: Cross-Origin-Opener-Policy ${viaA.headers['cross-origin-opener-policy'] ?? 'absent'}`,
      );
      if (proto === 'https') assert(viaNginx1.headers['strict-transport-security'], `${kind}: no HSTS under https`);
      else assert(!viaNginx1.headers['strict-transport-security'], `${kind}: HSTS over plain http`);
      compared++;
    }
  }
  assert(!differences.length, `headers differ through nginx:\n${differences.join('\n')}`);
  // The pages the app sends compressed (its brotli cache) carry the same policy.
  const br = await get(`${nginx.url}/about`, { headers: { 'Accept-Encoding': 'br' } });
  assert(
    br.headers.get('content-security-policy') === (await headersOf(`${replicas.a.url}/about`)).headers['content-security-policy'],
    'the brotli answer through nginx carries another CSP',
  );
  await assertReleaseCsp('/');

  // The API's answers leave the replicas uncompressed and are compressed by nginx (COMPRESS_ANSWERS=false).
  const api = '/api/docs/openapi.json';
  const [viaNginx, direct] = await Promise.all(
    [nginx.url, replicas.a.url].map((base) => get(`${base}${api}`, { headers: { 'Accept-Encoding': 'gzip' } })),
  );
  assert(
    viaNginx.headers.get('content-encoding') === 'gzip',
    `${api} through nginx: ${viaNginx.headers.get('content-encoding')}`,
  );
  assert(!direct.headers.get('content-encoding'), `${api} from a replica: ${direct.headers.get('content-encoding')}`);
  // fetch decodes the gzip: the same document on both sides.
  assert((await viaNginx.text()) === (await direct.text()), `${api}: another document through nginx`);

  // Hashed assets are nginx's own answers from disk: the headers that matter for a subresource.
  const asset = fs.readdirSync(path.join(release, '_astro')).find((f) => f.endsWith('.js'));
  const dashboardAsset = fs.readdirSync(path.join(root, 'dashboard/dist/assets')).find((f) => f.endsWith('.js'));
  for (const file of [`/_astro/${asset}`, `/dashboard/assets/${dashboardAsset}`]) {
    const [viaNginx, direct] = await Promise.all([headersOf(`${nginx.url}${file}`), headersOf(`${replicas.a.url}${file}`)]);
    assert(
      viaNginx.status === 200 && direct.status === 200,
      `${file}: ${viaNginx.status} through nginx, ${direct.status} direct`,
    );
    for (const name of ['cache-control', 'x-content-type-options', 'cross-origin-resource-policy']) {
      assert(
        viaNginx.headers[name] === direct.headers[name],
        `${file} ${name}: ${viaNginx.headers[name]} | ${direct.headers[name]}`,
      );
    }
    // Document-only headers stay with documents, on both sides.
    for (const name of ['content-security-policy', 'permissions-policy', 'cross-origin-opener-policy', 'x-frame-options'])
      assert(!viaNginx.headers[name] && !direct.headers[name], `${file} carries ${name}`);
  }

  // Dot-files exist in the release, and are never served (encoded or not, at the root or below).
  for (const file of ['.release.json', '.script-hashes.json']) {
    assert(fs.existsSync(path.join(release, file)), `the release has no ${file}`);
  }
  fs.writeFileSync(path.join(release, '_astro', '.hidden'), 'secret');
  for (const dotted of ['/.release.json', '/.script-hashes.json', '/%2Erelease.json', '/_astro/.hidden', '/.git/config']) {
    const res = await get(`${nginx.url}${dotted}`);
    const body = await res.text();
    assert(res.status === 404 && !body.includes('secret') && !body.includes('sha256'), `${dotted} answered ${res.status}`);
  }
  fs.rmSync(path.join(release, '_astro', '.hidden'));
  figures.headers = `${compared} page answers (${Object.keys(pages).length} page kinds, http and https), 0 differences; 2 asset kinds; 5 dot-file paths 404`;
}

/**
 * The policy nginx gives `pagePath` lists exactly the inline scripts the live release recorded for that
 * page (`/` → index.html, `/x` → x.html): the page's scripts run, nothing else inline would.
 */
async function assertReleaseCsp(pagePath) {
  const release = fs.realpathSync(path.join(siteDir, 'current'));
  const recorded = JSON.parse(fs.readFileSync(path.join(release, '.script-hashes.json'), 'utf8'));
  const file = pagePath === '/' ? 'index.html' : `${pagePath.slice(1)}.html`;
  const own = (recorded.pages[file] ?? []).map((i) => recorded.hashes[i]);
  const csp = (await get(`${nginx.url}${pagePath}`)).headers.get('content-security-policy') ?? '';
  const scriptSrc = (/script-src ([^;]*)/.exec(csp)?.[1] ?? '').split(' ').filter((source) => source.startsWith("'sha256-"));
  assert(
    own.length > 0 && [...own].sort().join(' ') === [...scriptSrc].sort().join(' '),
    `${pagePath} through nginx: policy ${scriptSrc.join(' ')}, page's recorded scripts ${own.join(' ')}`,
  );
}

/** SIGTERM of B while pages, API reads and devis PDFs go through nginx; then B is started again. */
async function sigtermUnderLoad(staff) {
  const orders = await staff.request('GET', '/api/order?per_page=10');
  // One row per order line: the order is the row's `order`.
  const ids = [...new Set((orders?.orderItems?.data ?? []).map((row) => row.order?.id))].filter(Boolean);
  assert(ids.length, `no order to download a devis of: ${JSON.stringify(orders).slice(0, 200)}`);
  const cookie = [...staff.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  const pages = ['/', '/catalogue', '/about', '/dashboard/', '/api/categories', '/api/product?page=1'];
  const b = replicas.b;
  let sentAt = null;
  let exitedAt = null;
  const exited = new Promise((resolve) => b.child.once('exit', (code, signal) => resolve({ code, signal })));
  void exited.then(() => (exitedAt = Date.now()));
  const counts = { requests: 0, failed: 0, devis: 0 };
  const errors = [];
  let issued = 0;
  const deadline = Date.now() + SHUTDOWN_BOUND_MS + 5 * 60_000;
  // Until B has exited, whatever the count: requests keep coming while it drains.
  const worker = async () => {
    while ((issued < SIGTERM_LOAD_REQUESTS || exitedAt === null) && Date.now() < deadline) {
      const i = issued++;
      if (i === SIGTERM_AT) {
        sentAt = Date.now();
        b.child.kill('SIGTERM');
      }
      const devis = i % 3 === 0;
      const target = devis ? `/api/order/${ids[i % ids.length]}/devis.pdf` : pages[i % pages.length];
      counts.requests++;
      if (devis) counts.devis++;
      try {
        const res = await get(`${nginx.url}${target}`, devis ? { headers: { Cookie: cookie } } : {});
        const body = Buffer.from(await res.arrayBuffer());
        if (res.status !== 200 || (devis && body.subarray(0, 5).toString() !== '%PDF-')) {
          counts.failed++;
          errors.push(`${target} ${res.status}`);
        }
      } catch (error) {
        counts.failed++;
        errors.push(`${target} ${error.message}`);
      }
    }
  };
  await Promise.all(Array.from({ length: LOAD_CONCURRENCY }, worker));
  assert(sentAt !== null && exitedAt !== null, 'B did not exit during the load');
  const { code, signal } = await exited;
  const bLog = fs.readFileSync(b.log, 'utf8');
  const inFlight = /SIGTERM: no new connections; (\d+) request\(s\) in flight/.exec(bLog)?.[1];
  figures.sigterm = {
    ...counts,
    exitS: seconds(exitedAt - sentAt),
    boundS: SHUTDOWN_BOUND_MS / 1000,
    inFlight: inFlight === undefined ? 'in flight at SIGTERM unknown' : `${inFlight} request(s) in flight on B at SIGTERM`,
  };
  log(
    `SIGTERM: ${counts.failed} failed of ${counts.requests}, B exited after ${figures.sigterm.exitS} s (code ${code}, signal ${signal})`,
  );
  assert(counts.failed === 0, `${counts.failed} requests failed: ${errors.slice(0, 5).join('; ')}`);
  assert(code === 0, `B exited with code ${code}, signal ${signal}: ${tail(b.log)}`);
  assert(exitedAt - sentAt < SHUTDOWN_BOUND_MS, `B took ${figures.sigterm.exitS} s to exit`);
  assert(/Stopped [\d.]+ s after SIGTERM/.test(bLog), `B's log does not say it stopped: ${tail(b.log)}`);

  // B again, as it was, for the steps after this one; nginx uses it again once its fail_timeout is over.
  startReplica('b', { builder: false });
  await waitFor('B to come back', BOOT_LIMIT_MS, healthy(replicas.b));
  await waitFor('nginx to pass requests to B again', 60_000, async () => {
    await (await get(`${nginx.url}/api/health`)).arrayBuffer();
    return nginx.accessLog().at(-1)?.includes(`upstream=127.0.0.1:${ports.b} `);
  });
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
if (figures.headers) console.log(`  headers through nginx = direct: ${figures.headers}`);
if (figures.sigterm) {
  const t = figures.sigterm;
  console.log(
    `  SIGTERM of B under load through nginx: ${t.failed} failed of ${t.requests} requests (${t.devis} devis PDFs), B exited ${t.exitS} s after SIGTERM (bound ${t.boundS} s); ${t.inFlight}`,
  );
}
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
