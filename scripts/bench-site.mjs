#!/usr/bin/env node
// Measures a built release of the public site: JavaScript shipped per page (gzip, what loads at
// first view, and what is fetched later on demand), and the first-view weight of the home page
// at mobile width. Usage:
//   npm run bench:site                 measures the live release of DATA_DIR (default ./data)
//   npm run bench:site -- <folder>     measures a release folder (e.g. site/dist)
//   npm run bench:site -- --json       machine-readable output
//   npm run bench:site -- --served http://127.0.0.1:3000
//                                      also fetches each kind of page and its first-view files from
//                                      that server as a browser would (Accept-Encoding: br, gzip),
//                                      counting the response headers beside the bodies as they travel
//   npm run bench:site -- --served http://127.0.0.1:8080 --http2
//                                      the same over HTTP/2 (cleartext, prior knowledge: nginx with
//                                      `listen … http2`), one connection per page as a new visitor opens
//                                      it: headers are what HPACK leaves of them on the wire, counted as
//                                      every byte received that is not a body (frames, settings included)
//   npm run bench:site -- --served http://127.0.0.1:3000 --nginx
//                                      starts Debian's nginx with docker/nginx.conf in front of that server
//                                      (this DATA_DIR's site, dashboard/dist) and measures through it
//                                      over HTTP/2, as a deployment with TLS serves it
// Budgets (docs/architecture.md): pages without islands ship no framework JS; catalogue ≤ 90 KB
// of JS at first view; home first view ≤ 200 KB. The command exits 1 when a budget is exceeded.
import fs from 'node:fs';
import http from 'node:http';
import http2 from 'node:http2';
import net from 'node:net';
import path from 'node:path';
import zlib from 'node:zlib';

const args = process.argv.slice(2);
const asJson = args.includes('--json');
const servedAt = args.includes('--served') ? args[args.indexOf('--served') + 1] : null;
const throughNginx = args.includes('--nginx');
const overHttp2 = args.includes('--http2') || throughNginx;
const given = args.find((a, i) => !a.startsWith('--') && args[i - 1] !== '--served');
const dataDir = process.env.DATA_DIR || path.resolve('data');
const folder = path.resolve(given ?? fs.realpathSync(path.join(dataDir, 'site', 'current')));
if (!fs.existsSync(path.join(folder, 'index.html'))) {
  console.error(`No built site in ${folder} (expected index.html). Start the server once or pass a folder.`);
  process.exit(2);
}

const BUDGETS = { catalogueJs: 90 * 1024, homeFirstView: 200 * 1024 };
const gzipCache = new Map();
const gz = (file) => {
  if (!gzipCache.has(file)) gzipCache.set(file, zlib.gzipSync(fs.readFileSync(file), { level: 9 }).length);
  return gzipCache.get(file);
};
const local = (url) => {
  if (!url || /^(https?:)?\/\//.test(url) || url.startsWith('data:')) return null;
  const clean = decodeURIComponent(url.split(/[?#]/)[0]);
  const file = path.join(folder, clean.replace(/^\//, ''));
  return fs.existsSync(file) && fs.statSync(file).isFile() ? file : null;
};

/** A module and everything it imports statically; dynamic imports are listed apart (loaded later). */
function moduleGraph(entries) {
  const staticSet = new Set();
  const lazySet = new Set();
  const visit = (file, lazy) => {
    const set = lazy ? lazySet : staticSet;
    if (staticSet.has(file) || set.has(file)) return;
    set.add(file);
    const code = fs.readFileSync(file, 'utf8');
    const dir = path.dirname(file);
    const resolve = (spec) => {
      const target = spec.startsWith('/') ? path.join(folder, spec) : path.resolve(dir, spec);
      return fs.existsSync(target) ? target : null;
    };
    for (const m of code.matchAll(/(?:import|export)\s*(?:[\w$*{}\s,]+from\s*)?["'`]([^"'`]+\.m?js)["'`]/g)) {
      const target = resolve(m[1]);
      if (target) visit(target, lazy);
    }
    for (const m of code.matchAll(/import\(\s*["'`]([^"'`]+\.m?js)["'`]\s*\)/g)) {
      const target = resolve(m[1]);
      if (target) visit(target, true);
    }
  };
  for (const entry of entries) visit(entry, false);
  for (const file of staticSet) lazySet.delete(file);
  return { staticFiles: [...staticSet], lazyFiles: [...lazySet] };
}

function analysePage(htmlFile) {
  const html = fs.readFileSync(htmlFile, 'utf8');
  const entries = new Set();
  // client:visible / client:media islands load when they come into view: on demand, not first view.
  const deferred = new Set();
  const islands = [];
  for (const m of html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"/g)) {
    const file = local(m[1]);
    if (file) entries.add(file);
  }
  for (const m of html.matchAll(/<astro-island\b([^>]*)>/g)) {
    const attrs = m[1];
    const comp = /component-url="([^"]+)"/.exec(attrs)?.[1];
    const renderer = /renderer-url="([^"]+)"/.exec(attrs)?.[1];
    const directive = /client="([^"]+)"/.exec(attrs)?.[1];
    if (comp) islands.push(`${path.basename(comp).split('.')[0]}:${directive}`);
    const later = directive === 'visible' || directive === 'media' || directive === 'only';
    for (const url of [comp, renderer]) {
      const file = local(url);
      if (file) (later ? deferred : entries).add(file);
    }
  }
  // Inline module scripts may import chunks too.
  for (const m of html.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/g)) {
    for (const i of m[1].matchAll(/(?:import\(|from\s*)["']([^"']+\.m?js)["']/g)) {
      const file = local(i[1]);
      if (file) entries.add(file);
    }
  }
  const { staticFiles, lazyFiles: dynamicFiles } = moduleGraph([...entries]);
  const visibleGraph = moduleGraph([...deferred].filter((f) => !staticFiles.includes(f)));
  const lazyFiles = [...new Set([...dynamicFiles, ...visibleGraph.staticFiles, ...visibleGraph.lazyFiles])].filter(
    (f) => !staticFiles.includes(f),
  );
  const inlineJs = [...html.matchAll(/<script\b(?![^>]*\bsrc=)(?![^>]*application\/ld\+json)[^>]*>([\s\S]*?)<\/script>/g)].reduce(
    (sum, m) => sum + zlib.gzipSync(m[1]).length,
    0,
  );
  const css = [...html.matchAll(/<link\b[^>]*rel="stylesheet"[^>]*href="([^"]+)"/g)].map((m) => local(m[1])).filter(Boolean);
  const frameworkJs = [...staticFiles, ...visibleGraph.staticFiles].some((f) =>
    /react|client\.|jsx-runtime/.test(path.basename(f)),
  );
  return {
    page:
      '/' +
      path
        .relative(folder, htmlFile)
        .replace(/\\/g, '/')
        .replace(/(index)?\.html$/, ''),
    htmlGzip: zlib.gzipSync(html, { level: 9 }).length,
    cssGzip: css.reduce((s, f) => s + gz(f), 0),
    jsGzip: staticFiles.reduce((s, f) => s + gz(f), 0) + inlineJs,
    lazyJsGzip: lazyFiles.reduce((s, f) => s + gz(f), 0),
    frameworkJs,
    islands,
    html,
    firstViewFiles: [...staticFiles, ...css],
  };
}

function htmlFiles(dir) {
  const out = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory() && entry.name !== '_astro') out.push(...htmlFiles(full));
    else if (entry.isFile() && entry.name.endsWith('.html')) out.push(full);
  }
  return out;
}

/** Home at mobile width: HTML, CSS, first-view JS and the images loaded eagerly (not loading="lazy"). */
function firstView(page) {
  let images = 0;
  const seen = new Set();
  for (const m of page.html.matchAll(/<img\b([^>]*)>/g)) {
    const attrs = m[1];
    if (/loading="lazy"/.test(attrs)) continue;
    const src = /\ssrc="([^"]+)"/.exec(attrs)?.[1];
    const file = local(src);
    if (file && !seen.has(file)) {
      seen.add(file);
      images += /\.(svg|xml)$/.test(file) ? gz(file) : fs.statSync(file).size;
    }
  }
  return { images, total: page.htmlGzip + page.cssGzip + page.jsGzip + images };
}

const pages = htmlFiles(folder)
  .map(analysePage)
  .sort((a, b) => a.page.localeCompare(b.page));
// One line per kind of page: product and article pages look alike, show the heaviest of each.
const groups = new Map();
for (const p of pages) {
  const key = p.page.startsWith('/product/') ? '/product/{id}' : p.page.startsWith('/article/') ? '/article/{slug}' : p.page;
  const current = groups.get(key);
  if (!current || p.jsGzip + p.htmlGzip > current.jsGzip + current.htmlGzip)
    groups.set(key, { ...p, key, count: (current?.count ?? 0) + 1 });
  else current.count++;
}
const rows = [...groups.values()];
const home = pages.find((p) => p.page === '/');
const catalogue = pages.find((p) => p.page === '/catalogue');
const homeView = firstView(home);
const kb = (n) => (n / 1024).toFixed(1);

const failures = [];
if (catalogue && catalogue.jsGzip > BUDGETS.catalogueJs)
  failures.push(`catalogue JS ${kb(catalogue.jsGzip)} KB > ${kb(BUDGETS.catalogueJs)} KB`);
if (homeView.total > BUDGETS.homeFirstView)
  failures.push(`home first view ${kb(homeView.total)} KB > ${kb(BUDGETS.homeFirstView)} KB`);
for (const p of rows) if (!p.islands.length && p.frameworkJs) failures.push(`${p.key} has no island but ships framework JS`);

if (asJson) {
  console.log(
    JSON.stringify(
      {
        folder,
        pages: rows.map(({ html: _html, ...r }) => r),
        home: { ...homeView, html: home.htmlGzip, css: home.cssGzip, js: home.jsGzip },
        budgets: BUDGETS,
        failures,
      },
      null,
      2,
    ),
  );
} else {
  console.log(`Site release: ${folder}\n`);
  const header = ['page', 'pages', 'html KB', 'css KB', 'js KB (first view)', 'js KB (on demand)', 'islands'];
  const table = rows.map((r) => [
    r.key,
    String(r.count),
    kb(r.htmlGzip),
    kb(r.cssGzip),
    kb(r.jsGzip),
    kb(r.lazyJsGzip),
    r.islands.join(' ') || '-',
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...table.map((row) => row[i].length)));
  const line = (cells) => cells.map((c, i) => (i === 0 || i === 6 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
  console.log(line(header));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const row of table) console.log(line(row));
  console.log(`\nAll sizes gzip -9. Home first view at mobile width: ${kb(homeView.total)} KB`);
  console.log(
    `  html ${kb(home.htmlGzip)} + css ${kb(home.cssGzip)} + js ${kb(home.jsGzip)} + eager images ${kb(homeView.images)} (budget ${kb(BUDGETS.homeFirstView)} KB)`,
  );
  if (catalogue) console.log(`Catalogue JS at first view: ${kb(catalogue.jsGzip)} KB (budget ${kb(BUDGETS.catalogueJs)} KB)`);
  console.log(failures.length ? `\nOver budget:\n- ${failures.join('\n- ')}` : '\nAll budgets met.');
}
/** One GET as a browser sends it; the bytes of the status line and headers, and of the body as sent. */
function fetchAsSent(url) {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { headers: { 'accept-encoding': 'br, gzip', accept: '*/*' } }, (res) => {
      let body = 0;
      res.on('data', (chunk) => (body += chunk.length));
      res.on('end', () => {
        let headers = `HTTP/1.1 ${res.statusCode} ${res.statusMessage}\r\n`.length + 2;
        for (let i = 0; i < res.rawHeaders.length; i += 2)
          headers += res.rawHeaders[i].length + 2 + res.rawHeaders[i + 1].length + 2;
        resolve({ status: res.statusCode, headers, body });
      });
    });
    req.on('error', reject);
  });
}

/**
 * A page and its files over one new HTTP/2 connection, as a browser opening the page would fetch them:
 * the page first, then its files together. The connection goes through a loopback relay that reads the
 * frames the server sends, so that the bytes are counted as they travel: `headers`, the HEADERS frames
 * (what HPACK left of each answer's headers, with their 9-byte frame headers), `framing`, every other
 * byte that is not a body (the DATA frames' own headers, SETTINGS, WINDOW_UPDATE, GOAWAY), and the
 * bodies. TLS would carry the same frames (HPACK does not depend on it), plus its handshake and about
 * 22 bytes per record on bodies and headers alike.
 */
async function fetchOverHttp2(origin, urls) {
  const target = new URL(origin);
  const frames = [];
  const relay = net.createServer((client) => {
    const upstream = net.connect(Number(target.port), target.hostname);
    client.pipe(upstream);
    let pending = Buffer.alloc(0);
    upstream.on('data', (chunk) => {
      client.write(chunk);
      pending = Buffer.concat([pending, chunk]);
      while (pending.length >= 9 && pending.length >= 9 + pending.readUIntBE(0, 3)) {
        const length = pending.readUIntBE(0, 3);
        frames.push({ type: pending[3], stream: pending.readUInt32BE(5) & 0x7fffffff, length });
        pending = pending.subarray(9 + length);
      }
    });
    upstream.on('end', () => client.end());
    client.on('error', () => upstream.destroy());
    upstream.on('error', () => client.destroy());
  });
  await new Promise((resolve) => relay.listen(0, '127.0.0.1', resolve));
  const session = http2.connect(`http://127.0.0.1:${relay.address().port}`);
  await new Promise((resolve, reject) => session.once('connect', resolve).once('error', reject));
  const get = (url) =>
    new Promise((resolve, reject) => {
      const stream = session.request({ ':path': url, 'accept-encoding': 'br, gzip', accept: '*/*' });
      let status = 0;
      let body = 0;
      stream.on('response', (headers) => (status = headers[':status']));
      stream.on('data', (chunk) => (body += chunk.length));
      stream.on('end', () => resolve({ url, status, body, id: stream.id }));
      stream.on('error', reject);
    });
  const answers = [await get(urls[0]), ...(await Promise.all(urls.slice(1).map(get)))];
  const received = session.socket.bytesRead;
  await new Promise((resolve) => session.close(resolve));
  await new Promise((resolve) => relay.close(resolve));
  const HEADERS = 0x1;
  const CONTINUATION = 0x9;
  const headerBytes = (stream) =>
    frames
      .filter((f) => (f.type === HEADERS || f.type === CONTINUATION) && (stream === undefined || f.stream === stream))
      .reduce((sum, f) => sum + 9 + f.length, 0);
  for (const answer of answers) answer.headers = headerBytes(answer.id);
  const bodies = answers.reduce((sum, answer) => sum + answer.body, 0);
  const headers = headerBytes();
  return { answers, headers, framing: received - bodies - headers, bodies };
}

// Headers as served: every kind of page and its first-view files (scripts, stylesheets, eager images)
// over HTTP/1.1, where each response carries its full headers (HTTP/2 compresses repeated ones).
if (servedAt) {
  let origin = servedAt;
  let nginx = null;
  if (throughNginx) {
    const { startNginx } = await import('./lib/nginx.mjs');
    const { freePort } = await import('./lib/mariadb.mjs');
    const app = new URL(servedAt).host;
    const http2Port = await freePort();
    nginx = await startNginx({
      upstreams: [app, app],
      siteDir: path.join(dataDir, 'site'),
      dashboardDir: path.resolve('dashboard/dist'),
      extraListen: `127.0.0.1:${http2Port} http2`,
    });
    origin = `http://127.0.0.1:${http2Port}`;
  }
  const imagesOf = (page) =>
    [...page.html.matchAll(/<img\b([^>]*)>/g)]
      .filter((m) => !/loading="lazy"/.test(m[1]))
      .map((m) => local(/\ssrc="([^"]+)"/.exec(m[1])?.[1]))
      .filter(Boolean);
  console.log(
    `\nAs served by ${throughNginx ? `nginx in front of ${servedAt}` : servedAt} (${overHttp2 ? 'HTTP/2, one new connection per page' : 'HTTP/1.1'}, Accept-Encoding: br, gzip):\n`,
  );
  console.log('| page | requests | headers KB | framing KB | bodies KB | headers share | not body share |');
  console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: |');
  const served = [];
  const details = [];
  for (const row of rows) {
    const files = [...new Set([...row.firstViewFiles, ...imagesOf(row)])];
    const urls = [row.page, ...files.map((f) => '/' + path.relative(folder, f).replace(/\\/g, '/'))];
    let headers = 0;
    let framing = 0;
    let bodies = 0;
    const expectStatus = (url, status) => {
      if (status !== (url === '/404' ? 404 : 200)) throw new Error(`${url}: HTTP ${status}`);
    };
    if (overHttp2) {
      const sent = await fetchOverHttp2(new URL(origin).origin, urls);
      for (const answer of sent.answers) {
        expectStatus(answer.url, answer.status);
        details.push(`${row.key}  ${answer.url}: ${answer.headers} B of headers, ${answer.body} B of body`);
      }
      ({ headers, framing, bodies } = sent);
    } else
      for (const url of urls) {
        const answer = await fetchAsSent(new URL(url, servedAt));
        expectStatus(url, answer.status);
        details.push(`${row.key}  ${url}: ${answer.headers} B of headers, ${answer.body} B of body`);
        headers += answer.headers;
        bodies += answer.body;
      }
    const all = headers + framing + bodies;
    // The goal's figure: every byte that is not a body (over HTTP/2 the frames' own bytes too).
    const share = (headers + framing) / all;
    served.push({ page: row.key, share });
    const percent = (n) => `${(n * 100).toFixed(1)} %`;
    console.log(
      `| ${row.key} | ${urls.length} | ${kb(headers)} | ${kb(framing)} | ${kb(bodies)} | ${percent(headers / all)} | ${percent(share)} |`,
    );
  }
  if (args.includes('--detail')) console.log(`\n${details.join('\n')}`);
  const worst = served.reduce((a, b) => (b.share > a.share ? b : a));
  console.log(
    `\nHeaders (with the frames' own bytes) at most ${(worst.share * 100).toFixed(1)} % of a first view (${worst.page}); goal ≤ 8 %.`,
  );
  await nginx?.stop();
}
process.exit(failures.length ? 1 : 0);
