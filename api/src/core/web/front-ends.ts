import express, { type Express, type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import fs from 'node:fs';
import path from 'node:path';
import type { AppConfig } from '../config/config.js';
import { compressedPagesDir, PrecompressedPages } from './precompressed-pages.js';
import { sharedPage, siteCsp } from './security-headers.js';

export interface LiveSite {
  currentDir(): string | null;
}

const BUILDING_PAGE = `<!doctype html><html lang="fr"><head><meta charset="utf-8"><meta http-equiv="refresh" content="5">
<meta name="viewport" content="width=device-width,initial-scale=1"><title>Site en cours de publication</title></head>
<body style="font-family:system-ui,sans-serif;display:grid;place-items:center;min-height:90vh;text-align:center">
<main><h1>Le site est en cours de publication</h1><p>Merci de patienter quelques secondes, la page se rechargera toute seule.</p></main></body></html>`;

/**
 * Files whose name carries their content's hash (`/_astro/`, `/dashboard/assets/`): cached for a year
 * and never revalidated, so they need no ETag, Last-Modified or Accept-Ranges. Each of the 15 to 25
 * files of a first view thus carries about 100 bytes of headers less. No `public` either: no request
 * for them carries an Authorization header, the only thing that would keep a shared cache from them.
 */
function hashedAssets(dir: string): express.Handler {
  return express.static(dir, {
    index: false,
    etag: false,
    lastModified: false,
    acceptRanges: false,
    setHeaders: (res) => res.setHeader('Cache-Control', 'max-age=31536000, immutable'),
  });
}

/**
 * One origin: `/storage` serves uploads (`uploads`, the storage driver's handler, media/storage/serve-storage.ts),
 * `/dashboard` the SPA with its history fallback, and every other non-API path the live release of the
 * static site, with its 404 page for unknown paths.
 */
export function mountFrontEnds(app: Express, config: AppConfig, site: LiveSite, uploads: RequestHandler): void {
  app.use('/storage', uploads);

  const dashboardIndex = path.join(config.dashboardDist, 'index.html');
  app.use('/dashboard/assets', hashedAssets(path.join(config.dashboardDist, 'assets')));
  app.use(
    '/dashboard',
    express.static(config.dashboardDist, {
      index: false,
      setHeaders: (res) => res.setHeader('Cache-Control', 'no-cache'),
    }),
  );
  app.get(/^\/dashboard(\/.*)?$/, (req: Request, res: Response, next: NextFunction) => {
    if (path.extname(req.path) && !req.path.endsWith('.html')) return next();
    if (!fs.existsSync(dashboardIndex)) {
      res.status(503).type('text/plain; charset=utf-8').send('Le tableau de bord n’est pas encore construit (npm run build).');
      return;
    }
    res.setHeader('Cache-Control', 'no-cache');
    res.sendFile(dashboardIndex);
  });

  const statics = new Map<string, express.Handler>();
  const staticFor = (dir: string) => {
    let handler = statics.get(dir);
    if (!handler) {
      statics.clear();
      const assets = hashedAssets(path.join(dir, '_astro'));
      // Pages and the site's unhashed files (images, robots.txt, sw.js) are revalidated on each use by
      // their ETag alone: `no-cache` says it in 8 characters, and a second validator (Last-Modified) or
      // Accept-Ranges (files of a few KB, never resumed) only added bytes to every answer.
      const files = express.static(dir, {
        extensions: ['html'],
        index: ['index.html'],
        lastModified: false,
        acceptRanges: false,
        setHeaders: (res, file) => {
          if (file.endsWith('.html')) pageHeaders(res, dir, file);
          res.setHeader('Cache-Control', 'no-cache');
        },
      });
      handler = (req, res, next) => {
        if (!req.path.startsWith('/_astro/')) return files(req, res, next);
        const url = req.url;
        req.url = req.url.slice('/_astro'.length);
        assets(req, res, () => {
          req.url = url;
          next();
        });
      };
      statics.set(dir, handler);
    }
    return handler;
  };

  app.use((req: Request, res: Response, next: NextFunction) => {
    if (req.path === '/api' || req.path.startsWith('/api/')) return next();
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    // Pages are built as `about.html`; `/about/` is the same page, under one address for caches and SEO.
    if (req.path.length > 1 && req.path.endsWith('/')) {
      const query = req.originalUrl.slice(req.path.length);
      // Leading slashes collapsed: `//host/` must never become a redirect to another site.
      res.redirect(301, '/' + req.path.replace(/^\/+|\/+$/g, '') + query);
      return;
    }
    const dir = site.currentDir();
    if (!dir) {
      res.status(503).setHeader('Retry-After', '5');
      res.type('html').send(BUILDING_PAGE);
      return;
    }
    // Addresses that crawlers and browsers ask for by convention, served under the site's own names.
    const alias = CONVENTIONAL_ADDRESSES[req.path];
    if (alias) {
      res.redirect(301, alias);
      return;
    }
    // The not-found page is not a page of its own: asked for directly, it still answers 404.
    const notFound = () => {
      res.status(404).setHeader('Cache-Control', 'no-cache');
      pageHeaders(res, dir, path.join(dir, '404.html'));
      res.sendFile(path.join(dir, '404.html'), (err) => {
        if (err) res.type('text/plain; charset=utf-8').send('Page non trouvée');
      });
    };
    if (/^\/404(\.html)?$/.test(req.path)) {
      notFound();
      return;
    }
    // A page beside a folder of its name (blog.html and blog/page/2.html): the page, not the folder.
    if (pagesBesideFolders(dir).has(req.path)) req.url = `${req.path}.html${req.originalUrl.slice(req.path.length)}`;
    const onTheFly = () => staticFor(dir)(req, res, notFound);
    pageFile(dir, req.path)
      .then(
        async (page) => {
          const variant = page && (await frameworkVariant(dir, page, req));
          // An island page: what it carries depends on the framework cookie, for every cache on the way.
          if (variant !== undefined && variant !== null) res.vary('Cookie');
          const chosen = variant?.chosen ? variant.page : page;
          const sendChosen = chosen === page ? onTheFly : () => sendVariant(res, dir, chosen!, next);
          if (!chosen || req.acceptsEncodings('br') !== 'br') return sendChosen();
          return sendCompressedPage(req, res, dir, chosen, sendChosen);
        },
        () => onTheFly(),
      )
      // Never an unhandled rejection: whatever went wrong goes to express's error handling.
      .catch(next);
  });

  const pages = PrecompressedPages.for(compressedPagesDir(config.siteDir));
  /** A page of the release as compressed at brotli's best after its build (see PrecompressedPages), or on the fly meanwhile. */
  async function sendCompressedPage(req: Request, res: Response, dir: string, page: Page, onTheFly: () => void): Promise<void> {
    const body = await pages.lookup(page.file, page.stat);
    if (!body) {
      pages.schedule(page.file);
      return onTheFly();
    }
    // The headers express.static gives the same file (same ETag: the file's, whatever the encoding).
    pageHeaders(res, dir, page.file);
    res.setHeader('Cache-Control', 'no-cache');
    res.setHeader('ETag', `W/"${page.stat.size.toString(16)}-${page.stat.mtime.getTime().toString(16)}"`);
    res.vary('Accept-Encoding');
    res.type('html');
    if (req.fresh) {
      res.status(304).end();
      return;
    }
    // Already encoded: the compression middleware leaves it alone.
    res.setHeader('Content-Encoding', 'br');
    res.setHeader('Content-Length', body.length);
    res.end(req.method === 'HEAD' ? undefined : body);
  }
}

/** The cookie a browser sets once it keeps the framework file (site/integrations/inline-framework.mjs: FRAMEWORK_COOKIE). */
const FRAMEWORK_COOKIE = /(?:^|;\s*)comptoir-framework=([A-Za-z0-9_-]{8})(?:;|$)/;
/** Where the builder writes the file variant of each island page (inline-framework.mjs: VARIANTS_DIR). */
const VARIANTS_DIR = '.framework';

/**
 * The file variant of an island page (React named as a file in its head, not inside the page), and
 * whether this request gets it: when its cookie names the release's framework file, which the browser
 * then keeps (docs/performance.md, « React inside the page »). null for a page without islands. A
 * stale or forged cookie only gives the inline page; a file not kept after all is fetched, slower.
 */
async function frameworkVariant(dir: string, page: Page, req: Request): Promise<{ page: Page; chosen: boolean } | null> {
  const hash = frameworkHash(dir);
  if (!hash) return null;
  const file = path.join(dir, VARIANTS_DIR, hash, path.relative(dir, page.file));
  const stat = await fs.promises.stat(file).catch(() => null);
  if (!stat?.isFile()) return null;
  return { page: { file, stat }, chosen: FRAMEWORK_COOKIE.exec(req.headers.cookie ?? '')?.[1] === hash };
}

const frameworkHashes = new Map<string, string | null>();
/** The framework hash of the release (the one folder under `.framework/`), read once per release. */
function frameworkHash(dir: string): string | null {
  let hash = frameworkHashes.get(dir);
  if (hash === undefined) {
    hash = fs.existsSync(path.join(dir, VARIANTS_DIR)) ? (fs.readdirSync(path.join(dir, VARIANTS_DIR))[0] ?? null) : null;
    frameworkHashes.clear();
    frameworkHashes.set(dir, hash);
  }
  return hash;
}

/** The file variant compressed on the fly (not in the compressed store yet), with the page's headers. */
function sendVariant(res: Response, dir: string, page: Page, next: NextFunction): void {
  pageHeaders(res, dir, page.file);
  res.setHeader('Cache-Control', 'no-cache');
  res.sendFile(page.file, { dotfiles: 'allow', lastModified: false, acceptRanges: false }, (err) => {
    if (err) next(err);
  });
}

/** The headers of a page of the release (its file, or its file variant): its own CSP, no opener policy (security-headers.ts, `sharedPage`). */
function pageHeaders(res: Response, dir: string, file: string): void {
  res.setHeader('Content-Security-Policy', siteCsp(dir, file));
  sharedPage(res);
}

const besideFolders = new Map<string, Set<string>>();
/**
 * The release's top-level pages that have a folder of the same name (`/blog`: blog.html and the
 * pager's blog/page/2.html), read once per release: their address is the page's, where express.static
 * would redirect to the folder.
 */
function pagesBesideFolders(dir: string): Set<string> {
  let found = besideFolders.get(dir);
  if (!found) {
    found = new Set();
    for (const entry of fs.readdirSync(dir, { withFileTypes: true }))
      if (entry.isDirectory() && fs.existsSync(path.join(dir, `${entry.name}.html`))) found.add(`/${entry.name}`);
    besideFolders.clear();
    besideFolders.set(dir, found);
  }
  return found;
}

interface Page {
  file: string;
  stat: fs.Stats;
}

/**
 * The HTML file express.static sends for a page address (`/` → index.html, `/about` → about.html,
 * `/blog.html` → blog.html), or null for anything else (assets, folders, unknown paths: left to
 * express.static and the 404 page).
 */
async function pageFile(dir: string, urlPath: string): Promise<Page | null> {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  // Dot-folders (the file variants under .framework/) are never addressed directly.
  if (decoded.includes('\0') || decoded.includes('/.')) return null;
  // resolve, not join: join keeps the trailing slash of `/`, and the home page would never be found.
  const target = path.resolve(dir, `.${decoded}`);
  if (target !== dir && !target.startsWith(dir + path.sep)) return null;
  const extension = path.extname(decoded);
  let file: string;
  if (target === dir) file = path.join(dir, 'index.html');
  else if (extension === '.html') file = target;
  else if (extension) return null;
  else {
    // express.static serves the path itself first when it exists (a folder: its own rules).
    if (
      await fs.promises.stat(target).then(
        () => true,
        () => false,
      )
    )
      return null;
    file = `${target}.html`;
  }
  const stat = await fs.promises.stat(file).catch(() => null);
  return stat?.isFile() ? { file, stat } : null;
}

/** `/sitemap.xml` and `/favicon.ico` (asked for by crawlers and browsers) → the files the site builds. */
const CONVENTIONAL_ADDRESSES: Record<string, string> = {
  '/sitemap.xml': '/sitemap-index.xml',
  '/favicon.ico': '/images/favicon.svg',
};
