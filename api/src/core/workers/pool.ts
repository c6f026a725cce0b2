import { MessageChannel } from 'node:worker_threads';
import { Piscina } from 'piscina';
import { defaultWorkerThreads } from './threads.js';
import type { PoolAnswer, PoolTask } from './pool-worker.js';

/**
 * The one pool of worker threads (piscina) for CPU-heavy work in a request: sanitising an SVG upload
 * or an article's rich text, laying out a PDF document. Such work would otherwise hold the single
 * event loop serving the API, the dashboard and the site.
 *
 * A task is `fn(...args)` of a module given by its own `import.meta.url` (compiled JavaScript in
 * production; under jest and the benches the TypeScript source, which the worker runs with Node's type
 * stripping, see pool-worker.ts). Arguments and result cross by structured clone.
 *
 * Limits: each task has a time limit counted from the moment a worker starts it (time spent waiting
 * for a free worker does not count); past it the worker is terminated, piscina starts a fresh one and
 * the task fails with WorkerTaskTimeout. Each worker's heap is capped (WORKER_MEMORY_MB): a task that
 * runs out of memory fails and its worker is replaced. The pool starts with its first task; one thread
 * then stays up (piscina replaces a stopped worker only up to its minimum, which the tasks queued behind
 * a stopped one need), the others stop after a minute idle, giving their memory back. The libraries a
 * worker loaded (jsdom, pdfkit) stay loaded while it lives.
 */

/** Heap of one worker: a 10,000-element SVG in jsdom or a 200-line PDF need well under half of it. */
export const WORKER_MEMORY_MB = 512;
const IDLE_MS = 60_000;

/** A failure inside the worker: the error's class name and message (the error itself cannot cross). */
export class WorkerTaskError extends Error {
  readonly errorName: string;

  constructor(errorName: string, message: string) {
    super(message);
    this.errorName = errorName;
  }
}

/** The task ran past its time limit: it was stopped with its worker. */
export class WorkerTaskTimeout extends Error {}

// Built code runs pool-worker.js; the sources (tests, benches) run pool-worker.ts with type stripping.
const WORKER_FILE = new URL(import.meta.url.endsWith('.ts') ? './pool-worker.ts' : './pool-worker.js', import.meta.url);

let threads = defaultWorkerThreads();
let pool: Piscina<PoolTask, PoolAnswer> | undefined;

function currentPool(): Piscina<PoolTask, PoolAnswer> {
  pool ??= new Piscina<PoolTask, PoolAnswer>({
    filename: WORKER_FILE.href,
    minThreads: 1,
    maxThreads: threads,
    idleTimeout: IDLE_MS,
    resourceLimits: { maxOldGenerationSizeMb: WORKER_MEMORY_MB },
    // Only matters for TypeScript sources (tests, benches): parameter properties and the like.
    execArgv: WORKER_FILE.pathname.endsWith('.ts') ? ['--experimental-transform-types'] : [],
  });
  return pool;
}

/** Sets the number of threads (WORKER_THREADS); takes effect for the next pool (after closeWorkerPool). */
export function configureWorkerPool(options: { threads: number }): void {
  threads = Math.max(1, options.threads);
}

/** How many threads the pool may run (for the tests and the metrics). */
export const workerPoolThreads = (): number => threads;

/**
 * Runs `fn(...args)` of the module at `moduleUrl` on a thread of the pool, within `timeoutMs` of its
 * own running time. Rejects with WorkerTaskError (the function threw), WorkerTaskTimeout, or the
 * worker's own error (out of memory).
 */
export async function runInWorker<T>(moduleUrl: string, fn: string, args: unknown[], timeoutMs: number): Promise<T> {
  const abort = new AbortController();
  const started = new MessageChannel();
  let timer: NodeJS.Timeout | undefined;
  let timedOut = false;
  started.port1.once('message', () => {
    timer = setTimeout(() => {
      timedOut = true;
      abort.abort();
    }, timeoutMs);
  });
  try {
    const answer = await currentPool().run(
      { module: moduleUrl, fn, args, started: started.port2 },
      { signal: abort.signal, transferList: [started.port2] },
    );
    if (answer.ok) return answer.value as T;
    throw new WorkerTaskError(answer.name, answer.message);
  } catch (error) {
    if (timedOut) throw new WorkerTaskTimeout(`${fn} took more than ${timeoutMs} ms`);
    throw error;
  } finally {
    clearTimeout(timer);
    started.port1.close();
  }
}

/** Stops every worker (application shutdown, tests); a later task starts a new pool. */
export async function closeWorkerPool(): Promise<void> {
  const closing = pool;
  pool = undefined;
  if (closing) await closing.destroy();
}
