/**
 * The classes code can put on a page after it loaded, which the page's HTML may not show yet, so that
 * the page's stylesheet (page-styles.ts) keeps their rules:
 * - the islands on the page (a dialog opened, a spinner, an empty list, an error), with every module
 *   of src/islands they import, statically or on demand;
 * - the components' scripts (those Astro bundles as files; inlined ones are in the page's HTML anyway).
 * Read from the sources at build time.
 */
import path from 'node:path';
import { classTokens } from './page-styles';

const islandSources = import.meta.glob<string>('../islands/**/*.{ts,tsx}', { query: '?raw', import: 'default', eager: true });
/** The API's shared modules islands import as `@comptoir/api/<name>` (a card's badge classes live there). */
const sharedSources = import.meta.glob<string>('../../../api/src/{contract,shared}/*.ts', {
  query: '?raw',
  import: 'default',
  eager: true,
});
const componentSources = import.meta.glob<string>(['../components/**/*.astro', '../layouts/**/*.astro'], {
  query: '?raw',
  import: 'default',
  eager: true,
});

const SCRIPT_BLOCK = /<script\b[^>]*>([\s\S]*?)<\/script>/g;
/** `from './x'` and `import('./x')`: the relative modules a module loads. */
const RELATIVE_IMPORT = /(?:from\s*|import\s*\(\s*)['"](\.{1,2}\/[^'"]+)['"]/g;
/** `from '@comptoir/api/x'`: a shared module of the API (its exports are named after their files). */
const SHARED_IMPORT = /(?:from\s*|import\s*\(\s*)['"]@comptoir\/api\/([\w-]+)['"]/g;

/** A shared module's key in sharedSources from its export name. */
const sharedKey = (name: string) => Object.keys(sharedSources).find((key) => key.endsWith(`/${name}.ts`));

const scriptClasses = new Set<string>();
for (const source of Object.values(componentSources))
  for (const [, script] of source.matchAll(SCRIPT_BLOCK)) classTokens(script, scriptClasses);

/** A module's key in islandSources (`../islands/lib/toast.ts`) from its path without extension. */
function sourceKey(modulePath: string): string | undefined {
  return ['.tsx', '.ts', '/index.tsx', '/index.ts', ''].map((ext) => modulePath + ext).find((key) => key in islandSources);
}

/** The classes of an island's module and of every island module it loads. */
function islandClasses(file: string): Set<string> {
  const classes = new Set<string>();
  const pending = [file];
  const seen = new Set<string>();
  while (pending.length) {
    const current = pending.pop()!;
    if (seen.has(current)) continue;
    seen.add(current);
    const source = islandSources[current] ?? sharedSources[current];
    classTokens(source, classes);
    for (const [, name] of source.matchAll(SHARED_IMPORT)) {
      const target = sharedKey(name);
      if (target) pending.push(target);
    }
    if (current in sharedSources) continue;
    for (const [, specifier] of source.matchAll(RELATIVE_IMPORT)) {
      const target = sourceKey(path.posix.join(path.posix.dirname(current), specifier));
      if (target) pending.push(target);
    }
  }
  return classes;
}

/** By the islands a page has (`BlogList` or `CartBar Catalogue`): pages of one kind share their set. */
const byIslands = new Map<string, ReadonlySet<string>>();

/**
 * The classes scripts can add to a built page with these islands (built-page.ts reads their names);
 * a shared set: read it, do not change it.
 */
export function clientClasses(islands: readonly string[]): ReadonlySet<string> {
  const names = [...new Set(islands)].sort();
  const key = names.join(' ');
  let classes = byIslands.get(key);
  if (!classes) {
    const set = new Set(scriptClasses);
    for (const name of names) {
      const file = sourceKey(`../islands/${name}`);
      // An island whose source is not found: every island's classes, never too few.
      for (const island of file ? [file] : Object.keys(islandSources)) for (const c of islandClasses(island)) set.add(c);
    }
    classes = set;
    byIslands.set(key, classes);
  }
  return classes;
}
