// @ts-check
/**
 * React, React DOM and Jotai travel inside the HTML of every page that has an island, at the end of the
 * body, instead of a file the page names in its head: their text in a `text/plain` script, run from a
 * `blob:` address by a small launcher (inlineCopy) when an island first needs it, so that it is compiled
 * off the main thread and not evaluated at all for a visitor who only reads.
 *
 * Why: on « Slow 3G » (2 s per request, 50 KB/s) a script file can only be asked for once the head has
 * arrived (2.05 s), and its answer starts 2 s later: React alone (61 KB) then ends at 5.3 s at best,
 * and the islands' buttons worked at 6.3-6.8 s. Inside the HTML it arrives right after the page's
 * content (by about 3.5 s), while the islands' own small modules are on their way; their buttons work
 * under 5 s. The cost: about 60 KB more on each view of an island page, the HTTP cache never keeping
 * it (docs/performance.md, « Island scripts »).
 *
 * How: in the client build, every import of these packages resolves to a small module (a shim) that
 * waits for the page's copy's `globalThis.__comptoirFramework` and re-exports its names, so the
 * islands' modules never carry React. The script (minified, production React) is built once per
 * build; it is also written as `/_astro/framework.<hash>.js`, which a shim loads itself when a page
 * without islands imports React on demand (the toasts of the newsletter form). The middleware
 * (src/lib/framework-script.ts) puts the copy before `</body>` of pages with islands: the content
 * comes first and paints first; without JavaScript nothing changes.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';

/** The packages' entry points the site's client code (and its libraries) import. */
export const FRAMEWORK_SPECIFIERS = [
  'react',
  'react/jsx-runtime',
  'react-dom',
  'react-dom/client',
  'jotai',
  'jotai/react',
  'jotai/vanilla',
  'jotai/utils',
];

const siteDir = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const requireFromSite = createRequire(path.join(siteDir, 'package.json'));
const SHIM_PREFIX = '\0comptoir-framework:';
/** The one module that waits for the framework (the shims import it). */
const LOADER = '\0comptoir-framework:loader';
const GLOBAL = '__comptoirFramework';
const ENTRY = 'comptoir-framework-script';
const READY_EVENT = 'comptoir:framework';

/** The built framework script of this build: its code (for the pages) and its file (for on-demand loading). */
const BUILT_KEY = Symbol.for('comptoir:framework-script');

/** @typedef {{ code: string; url: string; hash: string }} BuiltFramework */

/** @returns {BuiltFramework | undefined} the framework script of the current build, once built. */
export function frameworkScript() {
  const store = /** @type {Record<symbol, BuiltFramework | undefined>} */ (/** @type {unknown} */ (globalThis));
  return store[BUILT_KEY];
}

/** @param {BuiltFramework} built */
function keepFrameworkScript(built) {
  const store = /** @type {Record<symbol, BuiltFramework | undefined>} */ (/** @type {unknown} */ (globalThis));
  store[BUILT_KEY] = built;
}

/** The Cache Storage cache that keeps the framework file across releases of the service worker (src/sw/worker.ts). */
export const FRAMEWORK_CACHE = 'comptoir-framework';
/** The cookie naming the framework file a browser keeps: the app then serves the file variant of island pages. */
export const FRAMEWORK_COOKIE = 'comptoir-framework';
/** Where a release keeps the file variant of each island page: `.framework/<hash>/<page>.html` (api/src/core/web/front-ends.ts). */
export const VARIANTS_DIR = '.framework';
const COOKIE_MAX_AGE = 30 * 24 * 3600;

/** The page's copy of the framework (one per page, see inlineCopy), as the launcher and the copy find it. */
const COPY = 'script[type="text/plain"][data-framework]';

/** Set by the launcher: runs the page's copy (once); called by the islands' loader when one first needs React. */
const START = '__comptoirFrameworkStart';
/** Set by the islands' loader when an island needs React before the launcher has been parsed. */
const WANTED = '__comptoirFrameworkWanted';

/**
 * Once the page has loaded and the browser is idle, the copy's text (the page's `text/plain` element,
 * see inlineCopy) goes into Cache Storage under the file's address (no download: the text is in the
 * page), the previous build's file out, and the cookie tells the app that this browser has it. Part of
 * the launcher, so it is done whether or not an island ran React on this page; the file variant has no
 * launcher. Any failure (no Cache Storage, storage full) leaves no cookie.
 */
const KEEP_FILE = `if(globalThis.caches){const u="/_astro/framework."+h+".js",k=()=>caches.open(${JSON.stringify(FRAMEWORK_CACHE)}).then(async c=>{for(const r of await c.keys())if(new URL(r.url).pathname!==u)await c.delete(r);await c.put(u,new Response(t.text,{headers:{"content-type":"text/javascript"}}));document.cookie=${JSON.stringify(FRAMEWORK_COOKIE + '=')}+h+"; Max-Age=${COOKIE_MAX_AGE}; Path=/; SameSite=Lax"+(location.protocol==="https:"?"; Secure":"")}).catch(()=>{});addEventListener("load",()=>(globalThis.requestIdleCallback??setTimeout)(()=>void k()),{once:!0})}`;

/**
 * Runs the page's copy of the framework when an island first needs it, not at load: a page whose islands
 * wait for the visitor (`client:touch`, `client:visible` below the first screen) pays neither React's
 * evaluation nor its compilation for a visitor who only reads (three tasks of 4-15 ms of main-thread
 * time on this machine, several times that on a busy phone: docs/performance.md, « React evaluated when
 * an island first needs it »). The islands' loader calls `START`; when it asks before the launcher is
 * parsed (an island hydrated while the page arrives), it sets `WANTED` and the launcher starts at once.
 *
 * The copy runs from a `blob:` address made of its text, so that the browser compiles it off the main
 * thread as it does any script with an address (an inline script is compiled on it, in the parser's
 * task: docs/performance.md, « React compiled off the main thread »). The copy is found by its
 * attribute, not as the launcher's neighbour: a tap while the page is still arriving makes the early-tap
 * script add its message to the body between the two. Inserted scripts run in order (`async = false`).
 * Where a `blob:` script cannot run (no Blob, a policy added on the way that refuses it), the build's
 * file is asked for instead: slower, never broken. The page's policy allows `blob:` scripts because of
 * this script's attribute (api/src/core/web/security-headers.ts: FRAMEWORK_LAUNCHER).
 */
const LAUNCHER = `{const t=document.querySelector(${JSON.stringify(COPY)}),h=t.dataset.framework,f="/_astro/framework."+h+".js",run=(src,fail)=>{const s=document.createElement("script");s.src=src;s.async=!1;s.dataset.framework=h;s.onerror=fail;s.onload=()=>src.startsWith("blob:")&&URL.revokeObjectURL(src);t.after(s)};let d=!1;const start=()=>{if(d)return;d=!0;let u;try{u=URL.createObjectURL(new Blob([t.text],{type:"text/javascript"}))}catch{}u?run(u,()=>run(f)):run(f)};globalThis.${START}=start;globalThis.${WANTED}&&start();${KEEP_FILE}}`;

/** The attribute that marks the launcher (the API allows `blob:` scripts on a page that has it). */
const LAUNCHER_ATTRIBUTE = 'data-framework-launcher';

/**
 * The framework as a page carries it: its text in a `text/plain` script (parsed as text, never
 * compiled there) named by the build's hash, then the launcher that runs it.
 * @param {{ code: string; hash: string }} framework
 */
export function inlineCopy(framework) {
  return `<script type="text/plain" data-framework="${framework.hash}">${framework.code}</script><script ${LAUNCHER_ATTRIBUTE}>${LAUNCHER}</script>`;
}

/**
 * The file variant of a page that carries the inline copy: the same page with the copy left out and
 * the file named in the head (deferred: it runs before the islands' modules, in document order), or
 * null when the page has no inline copy.
 * @param {string} html @param {BuiltFramework} framework
 */
export function fileVariant(html, framework) {
  const inline = inlineCopy(framework);
  const at = html.indexOf(inline);
  const head = html.indexOf('</head>');
  if (at < 0 || head < 0 || head > at) return null;
  const tag = `<script src="${framework.url}" defer data-framework="${framework.hash}"></script>`;
  return html.slice(0, head) + tag + html.slice(head, at) + html.slice(at + inline.length);
}

/**
 * Writes the file variant of every page with the inline copy under `.framework/<hash>/`, as new files
 * (never over hard-linked ones: see link-restored-pages.mjs).
 * @param {string} outDir @param {BuiltFramework} framework
 */
function writeFileVariants(outDir, framework) {
  const root = path.join(outDir, VARIANTS_DIR);
  fs.rmSync(root, { recursive: true, force: true });
  let written = 0;
  for (const entry of fs.readdirSync(outDir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.html')) continue;
    const file = path.join(entry.parentPath, entry.name);
    const variant = fileVariant(fs.readFileSync(file, 'utf8'), framework);
    if (variant === null) continue;
    const target = path.join(root, framework.hash, path.relative(outDir, file));
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.writeFileSync(target, variant);
    written++;
  }
  return written;
}

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

/**
 * The names the shim of a package entry exports. React's entries (CommonJS, whole in the script
 * anyway): every public name the package has, read from it. Jotai's (ES modules, tree-shaken): only
 * the names the site imports (`sourceImports`), so the page carries only those; a library or a file
 * importing another one fails the build (« not exported by »), never the page.
 * @param {string} specifier
 * @param {Map<string, Set<string>>} used
 */
function exportedNames(specifier, used) {
  const wanted = used.get(specifier) ?? new Set();
  if (specifier.startsWith('jotai') && !wanted.has('*')) return [...wanted].sort();
  const module = /** @type {Record<string, unknown>} */ (requireFromSite(specifier));
  return Object.keys(module).filter(
    (name) => IDENTIFIER.test(name) && name !== 'default' && !name.startsWith('__') && !name.startsWith('unstable_'),
  );
}

const IMPORT =
  /\bimport\s+(type\s+)?(?:\{([^}]*)\}|\*\s+as\s+\w+)\s+from\s*['"]([^'"]+)['"]|\bimport\(\s*['"]([^'"]+)['"]\s*\)|\bexport\s+\*\s+from\s*['"]([^'"]+)['"]/g;

/**
 * What the site's own code (`src/`) imports from each framework entry: names, or `*` for a namespace
 * or a dynamic import. Type-only imports are left out.
 */
function sourceImports() {
  /** @type {Map<string, Set<string>>} */
  const used = new Map();
  const add = (/** @type {string} */ specifier, /** @type {string} */ name) => {
    if (!FRAMEWORK_SPECIFIERS.includes(specifier)) return;
    if (!used.has(specifier)) used.set(specifier, new Set());
    used.get(specifier)?.add(name);
  };
  const dir = path.join(siteDir, 'src');
  for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !/\.(tsx?|jsx?|mjs|astro)$/.test(entry.name) || /\.(spec|test)\.tsx?$/.test(entry.name)) continue;
    const code = fs.readFileSync(path.join(entry.parentPath, entry.name), 'utf8');
    for (const match of code.matchAll(IMPORT)) {
      const [, typeOnly, clause, from, dynamic, reexport] = match;
      if (typeOnly) continue;
      if (dynamic || reexport) add(dynamic ?? reexport ?? '', '*');
      else if (clause === undefined) add(from ?? '', '*');
      else
        for (const part of clause.split(',')) {
          const name = part
            .trim()
            .replace(/^type\s+/, '')
            .split(/\s+as\s+/)[0]
            ?.trim();
          if (name && !part.trim().startsWith('type ')) add(from ?? '', name);
        }
    }
  }
  return used;
}

/** The entry whose module is evaluated in a task of its own, after the script's (see buildFrameworkScript). */
const LATER = 'react-dom/client';

/**
 * The inline script: every entry (only the names the site uses of Jotai's) under
 * `globalThis.__comptoirFramework`, then an event.
 *
 * In three tasks, not one: the script's own (compiled and run in the parser's task), then React
 * DOM's client module (203 of the 229 KB), then the global and the event, after which the islands'
 * modules waiting for it go on. Run back to back they made tasks of 14-21 ms of main-thread time,
 * 56-84 ms at Lighthouse's 4x CPU slowdown, whose part beyond 50 ms counts as blocking time
 * (docs/performance.md, « React inside the page: blocking time »); a timer between them lets the
 * browser paint and answer a tap in between.
 * @param {Map<string, Set<string>>} used
 */
async function buildFrameworkScript(used) {
  const imports = FRAMEWORK_SPECIFIERS.map((specifier, i) => {
    if (specifier === LATER) return '';
    if (!specifier.startsWith('jotai') || used.get(specifier)?.has('*'))
      return `import * as m${i} from ${JSON.stringify(specifier)};`;
    const names = exportedNames(specifier, used).join(', ');
    return `import { ${names} } from ${JSON.stringify(specifier)}; const m${i} = { ${names} };`;
  });
  const later = FRAMEWORK_SPECIFIERS.indexOf(LATER);
  const table = FRAMEWORK_SPECIFIERS.map((specifier, i) => `${JSON.stringify(specifier)}: m${i}`).join(',');
  const entry = `${imports.join('\n')}
const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));
if (!globalThis.${GLOBAL})
  nextTask()
    .then(() => import(${JSON.stringify(LATER)}))
    .then((m${later}) => nextTask().then(() => {
      if (globalThis.${GLOBAL}) return;
      globalThis.${GLOBAL} = {${table}};
      dispatchEvent(new Event(${JSON.stringify(READY_EVENT)}));
    }));`;
  // Vite's own bundler (Rolldown, minified by Oxc), as the islands' code: 1.3 KB less gzip than esbuild.
  const result = await build({
    configFile: false,
    envFile: false,
    publicDir: false,
    root: siteDir,
    logLevel: 'silent',
    mode: 'production',
    define: { 'process.env.NODE_ENV': '"production"' },
    plugins: [
      {
        name: 'comptoir:framework-entry',
        // Lib mode names the entry by its path under the root.
        resolveId: (id) => (id === ENTRY || id.endsWith(`/${ENTRY}`) ? `\0${ENTRY}` : null),
        load: (id) => (id === `\0${ENTRY}` ? entry : null),
      },
    ],
    build: { write: false, minify: true, target: 'es2022', lib: { entry: ENTRY, formats: ['iife'], name: 'comptoirFramework' } },
  });
  const output = /** @type {import('vite').Rollup.RollupOutput} */ (Array.isArray(result) ? result[0] : result).output[0];
  const code = output.code.trim();
  // Inside `<script>…</script>` these sequences would end or change the script element early.
  if (/<\/script|<!--/i.test(code)) throw new Error('inline-framework: the framework script contains </script or <!--');
  const hash = crypto.createHash('sha256').update(code).digest('base64url').slice(0, 8);
  return { code, hash, fileName: `_astro/framework.${hash}.js` };
}

/**
 * The module every shim imports: the framework's copy in the page, waited for (the inline script is
 * still being parsed), or loaded from its file when the page has none (React imported on demand).
 * @param {string} url
 */
function loaderSource(url) {
  return `const whenLoaded = () => new Promise((resolve) => {
  addEventListener(${JSON.stringify(READY_EVENT)}, () => resolve(globalThis.${GLOBAL}), { once: true });
  // The page's copy runs when an island first needs it: its launcher, once parsed, starts it.
  globalThis.${WANTED} = true;
  const load = () => {
    if (globalThis.${GLOBAL}) return;
    if (globalThis.${START}) return globalThis.${START}();
    if (document.querySelector('script[data-framework]')) return;
    const script = document.createElement('script');
    script.src = ${JSON.stringify(url)};
    script.dataset.framework = '';
    document.head.append(script);
  };
  // The page's copy comes at the end of its body: only once it is all parsed is a file needed.
  if (document.readyState === 'loading' && !globalThis.${START}) addEventListener('DOMContentLoaded', load, { once: true });
  else load();
});
export const framework = globalThis.${GLOBAL} ?? (await whenLoaded());
`;
}

/**
 * The module an import of `specifier` gets in the client build: the names of the framework's copy.
 * @param {string} specifier
 * @param {Map<string, Set<string>>} used
 */
function shimSource(specifier, used) {
  return `import { framework } from ${JSON.stringify(LOADER)};
const m = framework[${JSON.stringify(specifier)}];
export default m.default ?? m;
export const { ${exportedNames(specifier, used).join(', ')} } = m;
`;
}

/** @returns {import('astro').AstroIntegration} */
export default function inlineFramework() {
  /** @type {Promise<{ code: string; hash: string; fileName: string }> | undefined} */
  let building;
  /** @type {Map<string, Set<string>>} */
  let used = new Map();
  const built = () => /** @type {Promise<{ code: string; hash: string; fileName: string }>} */ (building);
  return {
    name: 'comptoir:inline-framework',
    hooks: {
      'astro:config:setup': ({ command, updateConfig }) => {
        // `astro dev` keeps React as Vite serves it.
        if (command !== 'build') return;
        updateConfig({
          vite: {
            plugins: [
              {
                name: 'comptoir:framework-shims',
                enforce: 'pre',
                applyToEnvironment: (environment) => environment.name === 'client',
                async buildStart() {
                  used = sourceImports();
                  building = buildFrameworkScript(used);
                  const script = await building;
                  keepFrameworkScript({ code: script.code, hash: script.hash, url: `/${script.fileName}` });
                },
                resolveId(id) {
                  return FRAMEWORK_SPECIFIERS.includes(id) ? SHIM_PREFIX + id : id === LOADER ? LOADER : null;
                },
                async load(id) {
                  if (id === LOADER) return loaderSource(`/${(await built()).fileName}`);
                  if (!id.startsWith(SHIM_PREFIX)) return null;
                  return shimSource(id.slice(SHIM_PREFIX.length), used);
                },
                async generateBundle() {
                  const script = await built();
                  this.emitFile({ type: 'asset', fileName: script.fileName, source: script.code });
                },
              },
            ],
          },
        });
      },
      'astro:build:done': ({ dir, logger }) => {
        const framework = frameworkScript();
        if (!framework) return;
        const written = writeFileVariants(fileURLToPath(dir), framework);
        logger.info(`${written} island pages also written with the framework as a file (${VARIANTS_DIR}/${framework.hash}/)`);
      },
    },
  };
}
