// The checks of a stage run outside jest (scale-out, image) and the waits of the benches: each check a
// named step counted as passed or failed, each wait for a condition with a generous limit that ends as
// soon as the condition holds, never a fixed sleep standing in for one.

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
export const seconds = (ms) => (ms / 1000).toFixed(1);

/**
 * Polls `check` until it returns a truthy value (returned) or `limitMs` passes (throws, naming the last
 * error `check` threw). `abort` may return a reason to stop at once (a process that died).
 */
export async function waitFor(what, limitMs, check, { abort, intervalMs = 200 } = {}) {
  const deadline = Date.now() + limitMs;
  let last;
  for (;;) {
    try {
      const value = await check();
      if (value) return value;
    } catch (error) {
      last = error;
    }
    const reason = abort?.();
    if (reason) throw new Error(`${what}: ${reason}`);
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}${last ? ` (last error: ${last.message})` : ''}`);
    await sleep(intervalMs);
  }
}

export function assert(condition, message) {
  if (!condition) throw new Error(message);
}

/** A stage's log lines (`[label] …`), its named steps, their counts and times. */
export function createStage(label, { stackTraces = false } = {}) {
  const results = { passed: 0, failed: 0 };
  const timings = [];
  const log = (line) => console.log(`[${label}] ${line}`);
  /** Runs one check; a failure is counted and logged, and the stage goes on. True when it passed. */
  async function step(name, fn) {
    const started = Date.now();
    try {
      await fn();
      results.passed++;
      log(`ok   ${name} (${seconds(Date.now() - started)} s)`);
      return true;
    } catch (error) {
      results.failed++;
      log(`FAIL ${name}: ${stackTraces ? (error.stack ?? error.message) : error.message}`);
      return false;
    } finally {
      timings.push({ name, ms: Date.now() - started });
    }
  }
  return { results, timings, log, step };
}
