// @ts-check
/**
 * The islands' scripts in a few files, all of them named by the page itself (the `modulepreload` links
 * that src/lib/island-preloads.ts adds to each page from the graph recorded here).
 *
 * On a slow mobile link every module the browser discovers only once another one has arrived costs
 * one more round trip (2 s on « Slow 3G »), and over HTTP/1.1 every small file holds one of the six
 * connections for a round trip. Left to itself the bundler made 12 to 20 modules per island page,
 * several under 1 KB, four levels of imports deep: the islands were interactive 14.7 s after the tap
 * on a link on Slow 3G. Now an island page loads Astro's React renderer, its islands' own modules,
 * `framework` (what they import from React, React DOM and Jotai, whose code comes inside the page
 * itself: integrations/inline-framework.mjs) and `islands` (the code the islands share: cart, toasts,
 * formats, cards). Code loaded on demand
 * (the order dialog, the toasts' library) and the client area's pages keep their own files; pages
 * without islands load none of them.
 *
 * Vite's preloading of what an `import()` needs is off (`modulePreload: false`, which Astro sets to
 * `{ polyfill: false }` after the user's config, hence the build hook): the modules those imports need
 * are already on the page (the chunks above) or are theirs alone.
 */

/** For each client chunk (`/_astro/x.js`), the chunks it imports statically; filled by the client build. */
const GRAPH_KEY = Symbol.for('comptoir:client-chunk-imports');

/** @returns {Map<string, string[]>} */
export function clientChunkImports() {
  const store = /** @type {Record<symbol, Map<string, string[]> | undefined>} */ (/** @type {unknown} */ (globalThis));
  return (store[GRAPH_KEY] ??= new Map());
}

/** @type {['$initial']} statically imported from an entry (an island, a page script): not `import()`ed code. */
const INITIAL = ['$initial'];

/** @returns {import('astro').AstroIntegration} */
export default function islandScripts() {
  return {
    name: 'comptoir:island-scripts',
    hooks: {
      'astro:build:setup': ({ vite }) => {
        vite.build = { ...vite.build, modulePreload: false };
      },
      'astro:config:setup': ({ updateConfig }) => {
        updateConfig({
          vite: {
            environments: {
              client: {
                build: {
                  rolldownOptions: {
                    output: {
                      codeSplitting: {
                        groups: [
                          // Vite's helper for `import()` (every page script with one uses it) and the
                          // outbox's flag (read on every page), in the file of the page script itself
                          // (OfflineSupport.astro's: on every page, never with the islands' code), so that
                          // a page without islands loads one script file, not two (a request and its
                          // headers less); the islands' code imports the two modules from it.
                          {
                            name: 'page',
                            test: /preload-helper|[\\/]src[\\/]sw[\\/](outbox-flag|page)\.|OfflineSupport\.astro\?astro&type=script|[\\/]src[\\/]components[\\/](newsletter-form|reveal-sections)\./,
                            priority: 3,
                          },
                          // What the islands import from React, React DOM and Jotai: small modules that
                          // re-export the copy inlined in the page (integrations/inline-framework.mjs).
                          { name: 'framework', test: /^\0comptoir-framework:/, tags: INITIAL, priority: 2 },
                          { name: 'islands', test: /[\\/]src[\\/](lib|islands[\\/](lib|ui))[\\/]/, tags: INITIAL, priority: 1 },
                        ],
                      },
                    },
                  },
                },
              },
            },
            plugins: [
              {
                name: 'comptoir:client-chunk-imports',
                applyToEnvironment: (environment) => environment.name === 'client',
                generateBundle(_options, bundle) {
                  foldFacades(bundle);
                  const graph = clientChunkImports();
                  graph.clear();
                  for (const chunk of Object.values(bundle))
                    if (chunk.type === 'chunk')
                      graph.set(
                        `/${chunk.fileName}`,
                        chunk.imports.map((file) => `/${file}`),
                      );
                },
              },
            ],
          },
        });
      },
    },
  };
}

/**
 * An entry whose module went into a group (the page script, in `page`) is left by the bundler as a
 * facade, a file whose whole code is `import "./page.….js"`: two requests where one would do. The facade
 * takes the group file's code, and every other file imports it under the facade's name. Its name keeps
 * tracking the content: the facade's hash was computed from the group file's name, itself a hash.
 * @param {Record<string, any>} bundle the client bundle (Rollup's OutputBundle)
 */
function foldFacades(bundle) {
  const chunks = Object.values(bundle).filter((output) => output.type === 'chunk');
  const facades = chunks.filter(
    (chunk) =>
      chunk.isEntry &&
      !chunk.moduleIds.length &&
      chunk.imports.length === 1 &&
      !chunk.exports.length &&
      !chunk.dynamicImports.length,
  );
  for (const facade of facades) {
    const target = bundle[facade.imports[0]];
    // Only a file that is no entry itself and stands behind this one facade alone.
    if (
      target?.type !== 'chunk' ||
      target.isEntry ||
      facades.filter((other) => other.imports[0] === target.fileName).length !== 1
    )
      continue;
    const from = target.fileName;
    const to = facade.fileName;
    Object.assign(facade, {
      code: target.code,
      imports: target.imports,
      dynamicImports: target.dynamicImports,
      moduleIds: target.moduleIds,
      modules: target.modules,
      exports: target.exports,
    });
    delete bundle[from];
    const [fromBase, toBase] = [from, to].map((name) => name.slice(name.lastIndexOf('/') + 1));
    for (const chunk of chunks) {
      if (chunk === target) continue;
      chunk.code = chunk.code.split(`/${fromBase}`).join(`/${toBase}`);
      /** @param {string} name */
      const renamed = (name) => (name === from ? to : name);
      chunk.imports = chunk.imports.map(renamed);
      chunk.dynamicImports = chunk.dynamicImports.map(renamed);
    }
  }
}
