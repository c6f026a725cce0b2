// @ts-check
/**
 * Incremental builds (experimental.incrementalBuild) restore every unchanged page by copying it from
 * the cache (`<cacheDir>/dist/...`) into the new release folder: at 10,000 articles + 10,000 products
 * that copy was the largest part of a publish. This integration makes Astro hard-link those files
 * instead (one inode shared by the cache and every release that shows the same page: no bytes
 * copied, and a release costs disk only for the pages that changed).
 *
 * Sharing inodes is safe only if no file is ever rewritten in place, so writes into the cache's
 * copies unlink the old file first (a re-rendered page gets a new inode and older releases keep
 * theirs). Release folders are never modified after the build either: the API only reads them,
 * switches the `current` link and deletes old ones. Anything added later that post-processes the
 * built HTML must write a new file (write + rename), not modify one in place.
 *
 * Astro calls `fs.promises.copyFile(cached, destination)` to restore and `fs.promises.writeFile` to
 * store a rendered page in the cache (astro/dist/core/build/incremental.js, Astro 7.3); both are
 * wrapped for paths under the cache's `dist/` folder only. If linking fails (another file system,
 * no permission), the file is copied as before.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** @param {unknown} p */
const toPath = (p) => (p instanceof URL ? fileURLToPath(p) : typeof p === 'string' ? path.resolve(p) : null);

/** @returns {import('astro').AstroIntegration} */
export default function linkRestoredPages() {
  return {
    name: 'comptoir:link-restored-pages',
    hooks: {
      'astro:config:done': ({ config }) => {
        if (!config.experimental?.incrementalBuild) return;
        const cachedPages = path.join(fileURLToPath(config.cacheDir), 'dist') + path.sep;
        const inCache = (/** @type {unknown} */ p) => toPath(p)?.startsWith(cachedPages) ?? false;
        const promises = fs.promises;
        const { copyFile, writeFile } = promises;
        if (/** @type {any} */ (copyFile).comptoirLinked) return;

        /** @type {typeof copyFile} */
        const linkOrCopy = async (src, dest, mode) => {
          if (inCache(src)) {
            try {
              return await promises.link(src, dest);
            } catch {
              // fall through: copy
            }
          }
          return copyFile(src, dest, mode);
        };
        /** @type {any} */ (linkOrCopy).comptoirLinked = true;

        const outDir = fileURLToPath(config.outDir);
        /** @type {typeof writeFile} */
        const writeNewInode = async (file, data, options) => {
          const cached = toPath(file);
          if (!cached || !inCache(cached)) return writeFile(file, data, options);
          await promises.rm(cached, { force: true });
          // Astro has just written the same body into the release folder: the cache's copy can be a
          // link of that file (so even the pages of a cold build are stored once).
          try {
            return await promises.link(path.join(outDir, path.relative(cachedPages, cached)), cached);
          } catch {
            return writeFile(file, data, options);
          }
        };

        promises.copyFile = linkOrCopy;
        promises.writeFile = writeNewInode;
      },
    },
  };
}
