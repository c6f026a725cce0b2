import { registerHooks } from 'node:module';
import type { MessagePort } from 'node:worker_threads';

/**
 * The code each thread of the pool (pool.ts) runs: loads the task's module (once per thread: later
 * tasks find it loaded) and calls the named function. Errors come back as their class name and message,
 * which a structured clone would lose for our own error classes.
 */

// Under jest and the benches the modules are TypeScript sources importing each other as './x.js':
// resolve those to './x.ts' (Node strips the types). Compiled code never needs it.
registerHooks({
  resolve(specifier, context, next) {
    try {
      return next(specifier, context);
    } catch (error) {
      if (/^\.{1,2}\/.*\.js$/.test(specifier)) return next(`${specifier.slice(0, -3)}.ts`, context);
      throw error;
    }
  },
});

export interface PoolTask {
  module: string;
  fn: string;
  args: unknown[];
  /** Told when the task starts, so that its time limit does not count the wait for a free thread. */
  started: MessagePort;
}

export type PoolAnswer = { ok: true; value: unknown } | { ok: false; name: string; message: string };

export default async function runTask({ module, fn, args, started }: PoolTask): Promise<PoolAnswer> {
  started.postMessage(true);
  started.close();
  try {
    const loaded = (await import(module)) as Record<string, (...args: unknown[]) => unknown>;
    return { ok: true, value: await loaded[fn](...args) };
  } catch (error) {
    const name = error instanceof Error ? error.constructor.name : 'Error';
    const message = error instanceof Error ? error.message : String(error);
    return { ok: false, name, message };
  }
}
