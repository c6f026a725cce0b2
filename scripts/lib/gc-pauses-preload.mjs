// Loaded into a benchmarked API process with `--import` (lib/gc-pauses.mjs): appends each garbage
// collection pause (wall-clock end in ms, kind, duration in ms) to COMPTOIR_GC_PAUSES, so that the bench
// can print, beside each paced run's latency, the pauses that stopped the server meanwhile. Nothing is
// loaded in production: only bench:api sets it.
import fs from 'node:fs';
import { PerformanceObserver, performance } from 'node:perf_hooks';

const file = process.env.COMPTOIR_GC_PAUSES;
if (file) {
  const pauses = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries())
      pauses.push(
        `${(performance.timeOrigin + entry.startTime + entry.duration).toFixed(1)} ${entry.detail?.kind ?? 0} ${entry.duration.toFixed(2)}`,
      );
  }).observe({ entryTypes: ['gc'] });
  const flush = () => {
    if (pauses.length) fs.appendFileSync(file, `${pauses.splice(0).join('\n')}\n`);
  };
  setInterval(flush, 200).unref();
  process.on('exit', flush);
}
