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
                          // outbox's flag (read on every page): two tiny modules in one small file
                          // that pages without islands load too, never with the islands' code.
                          { name: 'page', test: /preload-helper|[\\/]src[\\/]sw[\\/]outbox-flag\./, priority: 3 },
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
