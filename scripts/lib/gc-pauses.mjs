// The garbage collection pauses of the API process under a paced load. A pause stops the event loop:
// every request arriving meanwhile waits for it, then for those queued before it, so the p99 of a paced
// run is often one pause plus its queue. bench:api prints them beside each paced run's latency.
import fs from 'node:fs';
import path from 'node:path';
import { constants } from 'node:perf_hooks';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { sleep } from './bench-seed.mjs';

const PRELOAD = path.join(path.dirname(fileURLToPath(import.meta.url)), 'gc-pauses-preload.mjs');
/** Names of Node's `PerformanceGC.detail.kind` values, from its own constants. */
const KINDS = {
  [constants.NODE_PERFORMANCE_GC_MINOR]: 'scavenge',
  [constants.NODE_PERFORMANCE_GC_MINOR_MARK_SWEEP]: 'minor mark-sweep',
  [constants.NODE_PERFORMANCE_GC_MAJOR]: 'mark-compact',
  [constants.NODE_PERFORMANCE_GC_INCREMENTAL]: 'incremental marking',
  [constants.NODE_PERFORMANCE_GC_WEAKCB]: 'weak callbacks',
};

/** The environment that makes a server record its pauses in `file`, and a reader of the pauses between two instants. */
export function gcPauses(file) {
  fs.rmSync(file, { force: true });
  return {
    env: {
      NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --import=${pathToFileURL(PRELOAD).href}`.trim(),
      COMPTOIR_GC_PAUSES: file,
    },
    /** Pauses that ended between `from` and `to` (ms since the epoch): count, total, longest, and per kind. */
    async between(from, to) {
      await sleep(300); // the server appends every 200 ms
      const lines = fs.existsSync(file) ? fs.readFileSync(file, 'utf8').split('\n') : [];
      const pauses = lines
        .map((line) => line.split(' ').map(Number))
        .filter(([end, , ms]) => ms !== undefined && end >= from && end <= to);
      const byKind = new Map();
      for (const [, kind, ms] of pauses) {
        const k = byKind.get(kind) ?? { count: 0, total: 0, max: 0 };
        byKind.set(kind, { count: k.count + 1, total: k.total + ms, max: Math.max(k.max, ms) });
      }
      return {
        count: pauses.length,
        total: pauses.reduce((sum, [, , ms]) => sum + ms, 0),
        max: pauses.reduce((max, [, , ms]) => Math.max(max, ms), 0),
        kinds: [...byKind].map(([kind, k]) => ({ kind: KINDS[kind] ?? `kind ${kind}`, ...k })),
      };
    },
  };
}

/** « 20 pauses, 270 ms in all, longest 22 ms (scavenge 18 × 13 ms, up to 22; mark-compact …) ». */
export function describePauses(gc) {
  if (!gc.count) return 'no GC pause';
  const kinds = gc.kinds.map((k) => `${k.kind} ${k.count} × ${(k.total / k.count).toFixed(1)} ms, up to ${k.max.toFixed(1)}`);
  return `GC ${gc.count} pauses, ${gc.total.toFixed(0)} ms in all, longest ${gc.max.toFixed(1)} ms (${kinds.join('; ')})`;
}
