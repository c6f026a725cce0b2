import { Worker } from 'node:worker_threads';

/**
 * Runs `fn(...args)` of a module on a worker thread and answers its result: for CPU-heavy work in a
 * request (sanitising a large SVG or an article's rich text) that would otherwise hold the single
 * event loop serving the API, the dashboard and the site. Arguments and result cross by
 * structured clone. The worker is started per call (a few tens of ms), fine for staff uploads and saves.
 *
 * The module is given by its own `import.meta.url`: compiled JavaScript in production; under jest the
 * TypeScript source, which Node runs with its built-in type stripping, a resolve hook mapping the
 * source's relative `./x.js` imports back to `./x.ts` (WORKER_PRELUDE, shared with resident-worker.ts).
 */
export const WORKER_PRELUDE = `
const { workerData, parentPort } = require('node:worker_threads');
const { registerHooks } = require('node:module');
registerHooks({
  resolve(specifier, context, next) {
    try {
      return next(specifier, context);
    } catch (error) {
      if (/^\\.{1,2}\\/.*\\.js$/.test(specifier)) return next(specifier.slice(0, -3) + '.ts', context);
      throw error;
    }
  },
});
`;

const BOOT = `${WORKER_PRELUDE}
import(workerData.module)
  .then((m) => m[workerData.fn](...workerData.args))
  .then(
    (value) => parentPort.postMessage({ ok: true, value }),
    (error) => parentPort.postMessage({ ok: false, name: error && error.constructor && error.constructor.name, message: String((error && error.message) || error) }),
  );
`;

/** A failure inside the worker: the error's class name and message (the error itself cannot cross). */
export class OffThreadError extends Error {
  readonly errorName: string;

  constructor(errorName: string, message: string) {
    super(message);
    this.errorName = errorName;
  }
}

export class OffThreadTimeout extends Error {}

type Answer = { ok: true; value: unknown } | { ok: false; name: string; message: string };

export function runOffThread<T>(moduleUrl: string, fn: string, args: unknown[], timeoutMs = 30_000): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const worker = new Worker(BOOT, {
      eval: true,
      workerData: { module: moduleUrl, fn, args },
      // Only matters for TypeScript sources (tests): parameter properties and the like, not just types.
      execArgv: moduleUrl.endsWith('.ts') ? ['--experimental-transform-types'] : [],
    });
    const timer = setTimeout(() => {
      void worker.terminate();
      reject(new OffThreadTimeout(`${fn} took more than ${timeoutMs} ms`));
    }, timeoutMs);
    worker.once('message', (answer: Answer) => {
      clearTimeout(timer);
      void worker.terminate();
      if (answer.ok) resolve(answer.value as T);
      else reject(new OffThreadError(answer.name, answer.message));
    });
    worker.once('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
  });
}
