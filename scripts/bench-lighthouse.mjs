#!/usr/bin/env node
// `npm run bench:lighthouse [-- --runs 5] [--pages /,/about,404] [--load 8] [--save DIR]`
//
// Lighthouse (npm `lighthouse`, Debian's /usr/bin/chromium or CHROME_PATH) on every kind of public page,
// mobile (Lighthouse's default: Moto G Power emulation, slow 4G, 4x CPU slowdown), several runs each,
// and prints the medians beside two stock Astro pages built in the same run (a static page and a page
// with one React island), served the way Comptoir serves its pages (brotli when the browser accepts
// it, else gzip; hashed assets immutable). Rounds are interleaved: each round audits every page once,
// references included, so a burst of load hits them all alike; the load average of each round is
// printed. Every audit is a first visit (no cookie, storage and cache emptied). Starts Comptoir (built api/dist) on a throw-away DATA_DIR with the demo data.
// A second table splits each page's blocking time by kind of task as Lighthouse's simulation counts it
// (the navigation's commit, HTML parsing, rendering, scripts: lib/blocking-time-split.mjs), so that a
// figure says whether the page's work or the browser's made it.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { benchEnvironment, benchOptions, loadAverages, median, seedBenchData, spawnComptoir } from './lib/bench-seed.mjs';
import { TASK_KINDS, blockingTimeSplit, startRecording } from './lib/blocking-time-split.mjs';
import { buildIfStale, root } from './lib/builds.mjs';
import { freePort } from './lib/mariadb.mjs';
import { waitFor } from './lib/stage-steps.mjs';

const args = process.argv.slice(2);
const option = benchOptions(args);
const runs = Number(option('runs', 5));
const only = option('pages')?.split(',');
// --save <folder>: keeps every Lighthouse report (JSON) there, to read the audits' details.
const saveDir = option('save');
// --load <n>: n processes spinning on the CPU for the whole run, so that « under load » (a busy phone's
// stand-in: load average ≥ 8) is measured the same way on a quiet machine as on a shared one. The
// rounds start once the load average is within 5 % of n (it only nears n from below; Chrome and the
// audited server then add theirs, and each round's load average is printed).
const addedLoad = Number(option('load', 0));
const CHROME = process.env.CHROME_PATH || '/usr/bin/chromium';

/** Two stock Astro pages (static, and one React island hydrated on load), built with the site's Astro. */
function buildStockAstro() {
  const dir = path.join(root, 'site/node_modules/.bench-stock-astro');
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(path.join(dir, 'src/pages'), { recursive: true });
  fs.mkdirSync(path.join(dir, 'src/components'), { recursive: true });
  fs.writeFileSync(
    path.join(dir, 'astro.config.mjs'),
    `import react from '@astrojs/react';\nexport default { integrations: [react()], build: { format: 'file' } };\n`,
  );
  const layout = (
    body,
  ) => `---\n---\n<html lang="fr"><head><meta charset="utf-8" /><meta name="viewport" content="width=device-width, initial-scale=1" />
<meta name="description" content="Page Astro de référence" /><title>Astro</title></head>
<body><main><h1>Page Astro de référence</h1><p>Un paragraphe de texte.</p>${body}</main></body></html>\n`;
  fs.writeFileSync(path.join(dir, 'src/pages/index.astro'), layout(''));
  fs.writeFileSync(
    path.join(dir, 'src/components/Counter.tsx'),
    `import { useState } from 'react';\nexport default function Counter() { const [n, setN] = useState(0); return <button onClick={() => setN(n + 1)}>Compteur {n}</button>; }\n`,
  );
  fs.writeFileSync(
    path.join(dir, 'src/pages/island.astro'),
    layout('<Counter client:load />').replace('---\n---', `---\nimport Counter from '../components/Counter.tsx';\n---`),
  );
  const built = spawnSync(process.execPath, [path.join(root, 'node_modules/astro/bin/astro.mjs'), 'build', '--root', dir], {
    cwd: path.join(root, 'site'),
    encoding: 'utf8',
  });
  if (built.status !== 0) throw new Error(`stock Astro build failed: ${built.stderr || built.stdout}`);
  return path.join(dir, 'dist');
}

/**
 * A static file server compressing as Comptoir serves the site: brotli (quality 11, computed once per
 * file, as Comptoir's release does) when the browser accepts it, else gzip -9; `/_astro/` files
 * immutable. The references then differ from Comptoir only by their pages, not by their transport.
 */
async function serveStatic(folder) {
  const port = await freePort();
  const types = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.css': 'text/css' };
  const compressed = new Map();
  const encode = (file, encoding) => {
    const key = `${encoding}:${file}`;
    if (!compressed.has(key)) {
      const raw = fs.readFileSync(file);
      compressed.set(
        key,
        encoding === 'br'
          ? zlib.brotliCompressSync(raw, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } })
          : zlib.gzipSync(raw, { level: 9 }),
      );
    }
    return compressed.get(key);
  };
  const server = http.createServer((req, res) => {
    const clean = decodeURIComponent(req.url.split('?')[0]);
    let file = path.join(folder, clean === '/' ? 'index.html' : clean);
    if (!fs.existsSync(file) && fs.existsSync(`${file}.html`)) file = `${file}.html`;
    if (!file.startsWith(folder) || !fs.existsSync(file) || fs.statSync(file).isDirectory()) {
      res.writeHead(404).end();
      return;
    }
    const encoding = /\bbr\b/.test(req.headers['accept-encoding'] ?? '') ? 'br' : 'gzip';
    res.writeHead(200, {
      'content-type': types[path.extname(file)] ?? 'application/octet-stream',
      'content-encoding': encoding,
      vary: 'Accept-Encoding',
      'cache-control': clean.startsWith('/_astro/') ? 'public, max-age=31536000, immutable' : 'no-cache',
    });
    res.end(encode(file, encoding));
  });
  await new Promise((r) => server.listen(port, '127.0.0.1', r));
  return { server, base: `http://127.0.0.1:${port}` };
}

/**
 * Empties the browser's cookie jar. Lighthouse resets the origin's storage before each audit but keeps
 * its cookies, and the `comptoir-framework` cookie set by the first island page makes the server send
 * the later-view variant (React as a file): every audit would then measure a return visit with an
 * empty cache instead of the first visit each run is meant to be.
 */
async function clearCookies(chromePort) {
  const { webSocketDebuggerUrl } = await (await fetch(`http://127.0.0.1:${chromePort}/json/version`)).json();
  const socket = new WebSocket(webSocketDebuggerUrl);
  await new Promise((resolve, reject) => {
    socket.onopen = () => socket.send(JSON.stringify({ id: 1, method: 'Storage.clearCookies' }));
    socket.onmessage = (event) => {
      const answer = JSON.parse(String(event.data));
      if (answer.id !== 1) return;
      socket.close();
      if (answer.error) reject(new Error(`Storage.clearCookies: ${answer.error.message}`));
      else resolve();
    };
    socket.onerror = () => reject(new Error('Chrome DevTools connection failed'));
  });
}

/** `missing`: the page answers 404 on purpose (the site's 404 page), which Lighthouse otherwise refuses to score. */
async function audit(url, chromePort, missing = false) {
  await clearCookies(chromePort);
  startRecording();
  const result = await lighthouse(url, {
    port: chromePort,
    ignoreStatusCode: missing,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
  });
  const { categories, audits } = result.lhr;
  if (categories.performance.score === null || result.lhr.runtimeError) return null;
  if (saveDir) {
    fs.mkdirSync(saveDir, { recursive: true });
    fs.writeFileSync(
      path.join(saveDir, `${new URL(url).pathname.replace(/\W+/g, '_') || 'home'}-${Date.now()}.json`),
      JSON.stringify(result.lhr),
    );
  }
  return {
    performance: categories.performance.score * 100,
    accessibility: categories.accessibility.score * 100,
    bestPractices: categories['best-practices'].score * 100,
    seo: categories.seo.score * 100,
    fcp: audits['first-contentful-paint'].numericValue,
    lcp: audits['largest-contentful-paint'].numericValue,
    tbt: audits['total-blocking-time'].numericValue,
    cls: audits['cumulative-layout-shift'].numericValue,
    tbtSplit: blockingTimeSplit(),
  };
}

/**
 * `n` busy processes; `stop()` ends them. Each spins in slices of 50 ms so that its event loop turns
 * and it exits when the bench's IPC channel closes (the bench killed).
 */
function spinners(n) {
  const children = Array.from({ length: n }, () =>
    spawn(
      process.execPath,
      [
        '-e',
        'process.on("disconnect", () => process.exit()); (function spin() { const end = Date.now() + 50; while (Date.now() < end); setImmediate(spin); })();',
      ],
      { stdio: ['ignore', 'ignore', 'ignore', 'ipc'] },
    ),
  );
  return { stop: () => children.forEach((child) => child.kill('SIGKILL')) };
}

buildIfStale();
console.log(`Load average before: ${loadAverages(2)} on ${os.cpus().length} cores`);
let load;
process.on('exit', () => load?.stop());
const stockDist = buildStockAstro();
const stock = await serveStatic(stockDist);
const { env, remove } = benchEnvironment('lighthouse');
await seedBenchData(env);
const { base, stop } = await spawnComptoir(env, (url) => ({ SITE_URL: url }));
let chrome;
try {
  await waitFor('the first site build', 15 * 60_000, async () => (await fetch(`${base}/`)).status === 200, { intervalMs: 300 });
  const article = (await (await fetch(`${base}/api/article?per_page=1`)).json()).blogs.data[0];
  const product = (await (await fetch(`${base}/api/product?per_page=1`)).json()).products.data[0];
  const pages = [
    ['stock Astro (static)', `${stock.base}/`],
    ['stock Astro (1 React island)', `${stock.base}/island`],
    ['/', `${base}/`],
    ['/about', `${base}/about`],
    ['/blog', `${base}/blog`],
    ['/article/{slug}', `${base}/article/${article.slug}`],
    ['/catalogue', `${base}/catalogue`],
    ['/product/{id}', `${base}/product/${product.id}`],
    ['/contact', `${base}/contact`],
    // The client's pages, opened from an e-mailed link (without its token here: the page asks for one).
    ['/mes-commandes', `${base}/mes-commandes`],
    ['/suivi-commande', `${base}/suivi-commande`],
    ['404', `${base}/page-introuvable-bench`],
  ].filter(([name]) => !only || name.startsWith('stock') || only.includes(name) || only.includes(name.replace(/\{.*\}/, '')));
  load = spinners(addedLoad);
  if (addedLoad) {
    console.log(`${addedLoad} busy processes started; waiting for the load average to reach ${addedLoad}`);
    await waitFor(`a load average of ${addedLoad}`, 10 * 60_000, async () => os.loadavg()[0] >= 0.95 * addedLoad, {
      intervalMs: 2000,
    });
  }
  chrome = await chromeLauncher.launch({
    chromePath: CHROME,
    chromeFlags: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-dev-shm-usage'],
  });
  // Interleaved rounds: every page once per round, references included. A run Lighthouse could not
  // finish (no score: Chrome starved on a loaded machine) is made up in a later round, at most `runs`
  // extra times per page, so that medians are of real measurements.
  const results = new Map(pages.map(([name]) => [name, []]));
  const failed = new Map(pages.map(([name]) => [name, 0]));
  const roundLoads = [];
  for (let round = 1; round <= runs * 2; round++) {
    const due = pages.filter(([name]) => results.get(name).length < runs && failed.get(name) <= runs);
    if (!due.length) break;
    for (const [name, url] of due) {
      const r = await audit(url, chrome.port, name === '404');
      if (r) results.get(name).push(r);
      else failed.set(name, failed.get(name) + 1);
    }
    roundLoads.push(os.loadavg()[0]);
    console.log(`  round ${round}: ${due.length} pages, load average ${os.loadavg()[0].toFixed(1)}`);
  }
  const rows = [];
  for (const [name] of pages) {
    const runsOf = results.get(name);
    if (!runsOf.length) {
      console.log(`  ${name}: no run finished`);
      continue;
    }
    const m = (key) => median(runsOf.map((r) => r[key]));
    const row = {
      name,
      performance: m('performance'),
      accessibility: m('accessibility'),
      bestPractices: m('bestPractices'),
      seo: m('seo'),
      fcp: m('fcp'),
      lcp: m('lcp'),
      tbt: m('tbt'),
      cls: m('cls'),
    };
    rows.push(row);
    console.log(
      `  ${name}: performance ${row.performance} (runs: ${runsOf.map((r) => r.performance).join(', ')}${failed.get(name) ? `; ${failed.get(name)} unfinished run(s) made up` : ''})`,
    );
  }
  const island = rows.find((r) => r.name === 'stock Astro (1 React island)');
  console.log(
    `\nLighthouse mobile, median of ${runs}, rounds interleaved (load average per round: ${roundLoads
      .map((l) => l.toFixed(1))
      .join(', ')})\n`,
  );
  console.log(
    '| page | performance | accessibility | best practices | SEO | FCP s | LCP s | TBT ms | TBT − island ref. ms | CLS |',
  );
  console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
  for (const r of rows)
    console.log(
      `| ${r.name} | ${r.performance} | ${r.accessibility} | ${r.bestPractices} | ${r.seo} | ${(r.fcp / 1000).toFixed(2)} | ${(r.lcp / 1000).toFixed(2)} | ${Math.round(r.tbt)} | ${island ? Math.round(r.tbt - island.tbt) : '–'} | ${r.cls.toFixed(3)} |`,
    );
  // The blocking time by kind of task (scripts/lib/blocking-time-split.mjs): the mean of the runs, so that
  // the columns add up to the mean TBT (the table above gives medians).
  console.log("\nBlocking time by kind of task, as Lighthouse's simulation counts it (mean of the runs, ms)\n");
  console.log(`| page | TBT, mean | ${Object.values(TASK_KINDS).join(' | ')} |`);
  console.log(
    `| --- | ---: | ${Object.keys(TASK_KINDS)
      .map(() => '---:')
      .join(' | ')} |`,
  );
  const mean = (values) => Math.round(values.reduce((a, b) => a + b, 0) / values.length);
  for (const [name] of pages) {
    const runsOf = results.get(name);
    const splits = runsOf.map((r) => r.tbtSplit);
    if (!splits.length || splits.some((s) => !s)) continue;
    console.log(
      `| ${name} | ${mean(runsOf.map((r) => r.tbt))} | ${Object.keys(TASK_KINDS)
        .map((kind) => mean(splits.map((s) => s[kind])))
        .join(' | ')} |`,
    );
  }
} finally {
  load?.stop();
  await chrome?.kill();
  stock.server.close();
  await stop();
  remove();
}
