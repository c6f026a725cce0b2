import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import fs from 'node:fs';
import path from 'node:path';

/**
 * Security headers beyond helmet's defaults (ASVS 5 §3.4):
 * - the CSP of the API, the dashboard and Swagger: scripts only from this origin, no inline script,
 *   no eval (styles may be inline: React and the site set style attributes);
 * - the public site's pages get the same policy plus the sha256 of the few inline scripts Astro
 *   emits (island bootstrap, the "js" class), computed once per release from its HTML files;
 * - HSTS only on answers sent over HTTPS (over plain HTTP a browser ignores it, and a proxy that
 *   terminates TLS sets `X-Forwarded-Proto`, read when TRUST_PROXY is on);
 * - a Permissions-Policy turning off the powerful features no page uses.
 */
const siteCspCache = new Map<string, ReleaseRecord>();

export const BASE_CSP_DIRECTIVES: Record<string, string[]> = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'style-src': ["'self'", "'unsafe-inline'"],
  'img-src': ["'self'", 'data:', 'blob:'],
  'font-src': ["'self'", 'data:'],
  // No connect-src: default-src's 'self' is what it falls back to. No frame-src either (frames from
  // 'self' only, by default-src): only a site page with a frame gets FRAME_SOURCES (see siteCsp).
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'self'"],
};

/**
 * Lets pages show images from another origin (uploads redirected to a public bucket or CDN with
 * STORAGE_PUBLIC_URL): added at boot to the base policy, so the site's per-release policy has it too.
 */
export function allowImageOrigin(origin: string): void {
  const sources = BASE_CSP_DIRECTIVES['img-src']!;
  if (!sources.includes(origin)) sources.push(origin);
  siteCspCache.clear();
}

/**
 * The contact page's map (site/src/lib/company.ts: OpenStreetMap's embed, or Google's, which answers
 * maps.google.com from www.google.com): the only frames of another origin, allowed on the pages that
 * have a frame, about 100 bytes the other pages do not carry.
 */
export const FRAME_SOURCES = ["'self'", 'https://www.openstreetmap.org', 'https://maps.google.com', 'https://www.google.com'];

export const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'autoplay=()',
  'camera=()',
  'display-capture=()',
  'geolocation=()',
  'gyroscope=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'payment=()',
  'usb=()',
].join(', ');

export const HSTS = 'max-age=31536000; includeSubDomains';

const serialize = (directives: Record<string, string[]>) =>
  Object.entries(directives)
    .map(([name, values]) => `${name} ${values.join(' ')}`)
    .join('; ');

/**
 * Headers by kind of answer (about 1.1 KB of headers on every script, image and JSON
 * answer was a fifth of what an island page downloads):
 * - every answer: `X-Content-Type-Options: nosniff` (a script, a stylesheet or JSON is never read as
 *   anything else) and `Cross-Origin-Resource-Policy: same-origin` (no other site embeds them);
 * - documents (HTML) only: what a browser applies to a page and its frame: `documentHeaders` (helmet's
 *   CSP, Cross-Origin-Opener-Policy, Referrer-Policy and the rest), the
 *   Permissions-Policy and HSTS over HTTPS (a browser records HSTS from the page; subresources of the
 *   same origin need it nowhere else). A CSP an answer set itself (the site's per-release one, the
 *   uploads' sandbox) is kept.
 * The document headers are added when the answer's headers are written, from its Content-Type.
 */
export function headersByKind(documentHeaders: RequestHandler): RequestHandler {
  const noop = () => undefined;
  return (req: Request, res: Response, next: NextFunction) => {
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Cross-Origin-Resource-Policy', 'same-origin');
    const writeHead = res.writeHead;
    res.writeHead = function (this: Response, ...args: unknown[]) {
      if (isDocument(this)) {
        const own = this.getHeader('Content-Security-Policy');
        void documentHeaders(req, this, noop);
        if (own) this.setHeader('Content-Security-Policy', own);
        if (this.locals[SHARED_PAGE]) this.removeHeader('Cross-Origin-Opener-Policy');
        if (req.secure) this.setHeader('Strict-Transport-Security', HSTS);
        this.setHeader('Permissions-Policy', PERMISSIONS_POLICY);
      }
      return (writeHead as (...a: unknown[]) => Response).apply(this, args);
    } as Response['writeHead'];
    next();
  };
}

const SHARED_PAGE = 'comptoirSharedPage';

/**
 * Marks a page of the public site (a page of the release, the catalogue filtered without JavaScript):
 * it goes without `Cross-Origin-Opener-Policy`. That header puts the page in a browsing context group
 * of its own, so every arrival from another site or from a new tab gets a new renderer process: on
 * Android, where Chrome does not give every site its own process, a page sending it is isolated in
 * one (memory and a process start on a cheap phone), and that start is the task Lighthouse counted as
 * blocking time on the site's pages under load (docs/performance.md, « The opener policy… »). What it
 * protects against, a window of another site keeping a handle on ours (counting its frames, navigating
 * it elsewhere), finds nothing there: no page of the site has a frame that depends on the visitor, asks
 * for a password, or holds a client's token where another tab could reach it (it lives in the tab's
 * sessionStorage, and the orders are fetched by POST). The dashboard and Swagger keep it
 * (docs/deviations.md).
 */
export function sharedPage(res: Response): void {
  res.locals[SHARED_PAGE] = true;
}

/** An HTML answer: a page, the dashboard's shell, Swagger's page, an error page shown as a page. */
function isDocument(res: Response): boolean {
  return /^\s*text\/html\b/i.test(String(res.getHeader('Content-Type') ?? ''));
}

// Loaded as sanitize-html loads it (require of the ES module): jest's module runtime refuses the same
// package through both `import` and `require` in one process.
const { Parser } = createRequire(import.meta.url)('htmlparser2') as typeof import('htmlparser2');

const JAVASCRIPT_TYPES = new Set(['', 'module', 'text/javascript', 'application/javascript']);

/**
 * The attribute of the inline script that runs the page's copy of React from a `blob:` address, so
 * that the browser compiles it off the main thread (site/integrations/inline-framework.mjs:
 * LAUNCHER_ATTRIBUTE). Only a page that carries it allows `blob:` scripts.
 */
const FRAMEWORK_LAUNCHER = 'data-framework-launcher';

/**
 * The script sources a page's inline scripts need: the sha256 of each executable inline script
 * (`<script>` without `src`, of a JavaScript type), and `blob:` when one of them is the framework's
 * launcher. Read by an HTML parser, never a regular expression: staff text in an attribute value (an
 * article title in `og:title`) may contain `<script>`, which a browser reads as text; a regular
 * expression would take it for a script and hash the wrong text, and the CSP would then block the
 * page's real scripts.
 */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  let start = -1;
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (name !== 'script') return;
        const type = (attributes.type ?? '').trim().toLowerCase();
        start = 'src' in attributes || !JAVASCRIPT_TYPES.has(type) ? -1 : parser.endIndex + 1;
        if (start >= 0 && FRAMEWORK_LAUNCHER in attributes && !hashes.includes('blob:')) hashes.push('blob:');
      },
      onclosetag(name, implied) {
        if (name !== 'script' || start < 0) return;
        const body = html.slice(start, implied ? html.length : parser.startIndex);
        if (body) hashes.push(`'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`);
        start = -1;
      },
    },
    { decodeEntities: false },
  );
  parser.end(html);
  return hashes;
}

function htmlFiles(dir: string): string[] {
  const out: string[] = [];
  const stack = [dir];
  while (stack.length) {
    const current = stack.pop()!;
    for (const entry of fs.readdirSync(current, { withFileTypes: true })) {
      const full = path.join(current, entry.name);
      if (entry.isDirectory()) stack.push(full);
      else if (entry.name.endsWith('.html')) out.push(full);
    }
  }
  return out;
}

/**
 * The CSP of a page of a site release: the base policy with the hashes of the inline scripts that page
 * carries (4 or 5 of a release's 10: about 300 bytes less on every page than the release's union), or
 * of every page of the release when the page is not known (an older release, a file outside the
 * record). A release never changes once switched in, so policies are kept per release and per set of
 * scripts (pages share a handful of sets).
 */
export function siteCsp(releaseDir: string, page?: string): string {
  const record = releaseRecord(releaseDir);
  const indexes = page ? record.pages.get(path.relative(releaseDir, page)) : undefined;
  const framing = !page || hasFrame(record, page);
  const key = `${indexes ? indexes.join(',') : '*'}${framing ? ' frames' : ''}`;
  const cached = record.policies.get(key);
  if (cached) return cached;
  const hashes = indexes ? indexes.map((i) => record.hashes[i]!) : record.hashes;
  const csp = serialize({
    ...siteDirectives(),
    'script-src': [...BASE_CSP_DIRECTIVES['script-src']!, ...[...hashes].sort()],
    ...(framing ? { 'frame-src': FRAME_SOURCES } : {}),
  });
  record.policies.set(key, csp);
  return csp;
}

/**
 * The base policy less what the site's pages never use: no image from a `data:` or `blob:` address (the
 * site draws none, and staff texts may show https images only: api/src/blog/editorjs.ts) and no font
 * but the site's own. A directive left with default-src's value is not written (img-src unless uploads
 * are served from another origin, font-src). Tighter, and about 50 bytes less on every page.
 */
function siteDirectives(): Record<string, string[]> {
  const { 'font-src': _fonts, 'img-src': images, ...directives } = BASE_CSP_DIRECTIVES;
  const sources = images!.filter((source) => source !== 'data:' && source !== 'blob:');
  return sources.join(' ') === BASE_CSP_DIRECTIVES['default-src']!.join(' ') ? directives : { ...directives, 'img-src': sources };
}

interface ReleaseRecord {
  /** Every inline script hash of the release, sorted. */
  hashes: string[];
  /** Page (path relative to the release) → indexes into `hashes`. */
  pages: Map<string, number[]>;
  policies: Map<string, string>;
  /** Page file → whether it has a frame, read once per page while the release is live. */
  frames: Map<string, boolean>;
}

/**
 * Whether a page of the release has a frame (`<iframe`, the contact page's map). Read from the file the
 * first time the page is served; a page that cannot be read keeps the frame sources (as before).
 * Staff text that spells `<iframe` in an attribute only gives its page the map's sources.
 */
function hasFrame(record: ReleaseRecord, page: string): boolean {
  let found = record.frames.get(page);
  if (found === undefined) {
    try {
      found = /<iframe\b/i.test(fs.readFileSync(page, 'utf8'));
    } catch {
      found = true;
    }
    record.frames.set(page, found);
  }
  return found;
}

/** What the builder wrote in RELEASE_SCRIPT_HASHES (read once per live release). */
interface RecordedHashes {
  hashes: string[];
  pages: Record<string, number[]>;
}

function releaseRecord(releaseDir: string): ReleaseRecord {
  const cached = siteCspCache.get(releaseDir);
  if (cached) return cached;
  const recorded = readRecordedHashes(releaseDir);
  let record: ReleaseRecord;
  if (recorded)
    record = { hashes: recorded.hashes, pages: new Map(Object.entries(recorded.pages)), policies: new Map(), frames: new Map() };
  else {
    // A release built before the builder recorded its hashes: read every page once (slow at 10,000 pages).
    const hashes = new Set<string>();
    for (const file of htmlFiles(releaseDir))
      for (const hash of inlineScriptHashes(fs.readFileSync(file, 'utf8'))) hashes.add(hash);
    record = { hashes: [...hashes].sort(), pages: new Map(), policies: new Map(), frames: new Map() };
  }
  siteCspCache.clear();
  siteCspCache.set(releaseDir, record);
  return record;
}

/** The file, in a release folder, where the site builder records its pages' inline script hashes. */
export const RELEASE_SCRIPT_HASHES = '.script-hashes.json';

/**
 * The hashes the builder recorded for this release (before switching it live, so the first visitor
 * after a publish does not wait for every page to be read), or null for an older release. A release of
 * the previous format (the union only) gives every page the union.
 */
function readRecordedHashes(releaseDir: string): RecordedHashes | null {
  try {
    const recorded: unknown = JSON.parse(fs.readFileSync(path.join(releaseDir, RELEASE_SCRIPT_HASHES), 'utf8'));
    if (Array.isArray(recorded)) return { hashes: recorded.map(String).sort(), pages: {} };
    const { hashes, pages } = recorded as Partial<RecordedHashes>;
    return Array.isArray(hashes) && pages && typeof pages === 'object' ? { hashes: hashes.map(String), pages } : null;
  } catch {
    return null;
  }
}

/**
 * Records the inline script hashes of every page of a release in RELEASE_SCRIPT_HASHES. `known` maps
 * a file's identity (device, inode, size, mtime) to its hashes from earlier builds: pages restored
 * from the incremental cache are hard links of files already read, so a publish reads only the pages
 * it rendered. The walk is asynchronous so that the API keeps answering meanwhile.
 */
export async function recordReleaseScriptHashes(releaseDir: string, known: Map<string, string[]>): Promise<number> {
  const seen = new Map<string, string[]>();
  const byPage = new Map<string, string[]>();
  let read = 0;
  const visit = async (file: string) => {
    const stat = await fs.promises.stat(file);
    const key = `${stat.dev}:${stat.ino}:${stat.size}:${stat.mtimeMs}`;
    let fileHashes = known.get(key);
    if (!fileHashes) {
      fileHashes = inlineScriptHashes(await fs.promises.readFile(file, 'utf8'));
      read++;
    }
    seen.set(key, fileHashes);
    byPage.set(path.relative(releaseDir, file), fileHashes);
  };
  const files: string[] = [];
  const stack = [releaseDir];
  while (stack.length) {
    const current = stack.pop()!;
    for (const entry of await fs.promises.readdir(current, { withFileTypes: true })) {
      const full = path.join(current, entry.name);
      if (entry.isDirectory()) stack.push(full);
      else if (entry.name.endsWith('.html')) files.push(full);
    }
  }
  for (let i = 0; i < files.length; i += 64) await Promise.all(files.slice(i, i + 64).map(visit));
  // Only the files of this release are remembered: pages of pruned releases drop out.
  known.clear();
  for (const [key, value] of seen) known.set(key, value);
  const hashes = [...new Set([...byPage.values()].flat())].sort();
  const index = new Map(hashes.map((hash, i) => [hash, i]));
  const pages: Record<string, number[]> = {};
  for (const [page, pageHashes] of byPage) pages[page] = pageHashes.map((hash) => index.get(hash)!);
  const recorded: RecordedHashes = { hashes, pages };
  await fs.promises.writeFile(path.join(releaseDir, RELEASE_SCRIPT_HASHES), JSON.stringify(recorded));
  return read;
}
