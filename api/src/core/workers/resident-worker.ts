import { Worker } from 'node:worker_threads';
import { OffThreadError, OffThreadTimeout, WORKER_PRELUDE } from './off-thread.js';

/**
 * Like `runOffThread`, but the worker thread stays up between calls: for work whose libraries cost
 * more to load than the work itself (the SVG sanitiser's jsdom and DOMPurify take about a second to
 * load, a logo a few milliseconds to clean). Calls run one at a time, each with its own time limit;
 * a call past its limit has the worker terminated (the next call starts a fresh one). After `idleMs`
 * without calls the worker is stopped, giving its memory back. The worker never keeps the process alive.
 */
const BOOT = `${WORKER_PRELUDE}
const loaded = import(workerData.module);
parentPort.on('message', ({ fn, args }) => {
  loaded
    .then((m) => m[fn](...args))
    .then(
      (value) => parentPort.postMessage({ ok: true, value }),
      (error) => parentPort.postMessage({ ok: false, name: error && error.constructor && error.constructor.name, message: String((error && error.message) || error) }),
    );
});
`;

type Answer = { ok: true; value: unknown } | { ok: false; name: string; message: string };

export class ResidentWorker {
  private worker: Worker | undefined;
  private queue: Promise<unknown> = Promise.resolve();
  private idleTimer: NodeJS.Timeout | undefined;
  private readonly moduleUrl: string;
  private readonly idleMs: number;

  /** `moduleUrl`: the module's own `import.meta.url` (see off-thread.ts for the TypeScript case). */
  constructor(moduleUrl: string, idleMs = 60_000) {
    this.moduleUrl = moduleUrl;
    this.idleMs = idleMs;
  }

  /** Runs `fn(...args)` of the module on the resident worker, after the calls already queued. */
  run<T>(fn: string, args: unknown[], timeoutMs: number): Promise<T> {
    const result = this.queue.then(() => this.runNow<T>(fn, args, timeoutMs));
    this.queue = result.catch(() => undefined);
    return result;
  }

  /** Stops the worker now (tests, shutdown); a later call starts a new one. */
  async close(): Promise<void> {
    clearTimeout(this.idleTimer);
    const worker = this.worker;
    this.worker = undefined;
    if (worker) await worker.terminate();
  }

  private start(): Worker {
    const worker = new Worker(BOOT, {
      eval: true,
      workerData: { module: this.moduleUrl },
      execArgv: this.moduleUrl.endsWith('.ts') ? ['--experimental-transform-types'] : [],
    });
    worker.unref();
    // A crash (out of memory...) rejects the call in progress through the listeners below; the next
    // call starts a fresh worker.
    worker.on('exit', () => {
      if (this.worker === worker) this.worker = undefined;
    });
    this.worker = worker;
    return worker;
  }

  private runNow<T>(fn: string, args: unknown[], timeoutMs: number): Promise<T> {
    clearTimeout(this.idleTimer);
    const worker = this.worker ?? this.start();
    return new Promise<T>((resolve, reject) => {
      const done = () => {
        clearTimeout(timer);
        worker.off('message', onMessage);
        worker.off('error', onError);
        worker.off('exit', onExit);
        this.idleTimer = setTimeout(() => void this.close(), this.idleMs);
        this.idleTimer.unref();
      };
      const onMessage = (answer: Answer) => {
        done();
        if (answer.ok) resolve(answer.value as T);
        else reject(new OffThreadError(answer.name, answer.message));
      };
      const onError = (error: Error) => {
        done();
        reject(error);
      };
      const onExit = (code: number) => {
        done();
        reject(new Error(`${fn}: worker stopped (exit code ${code})`));
      };
      const timer = setTimeout(() => {
        done();
        if (this.worker === worker) this.worker = undefined;
        void worker.terminate();
        reject(new OffThreadTimeout(`${fn} took more than ${timeoutMs} ms`));
      }, timeoutMs);
      worker.on('message', onMessage);
      worker.once('error', onError);
      worker.once('exit', onExit);
      worker.postMessage({ fn, args });
    });
  }
}
