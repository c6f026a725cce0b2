// A fixed request rate, evenly paced: request i leaves at start + i / rate, whatever happened to the
// ones before it (an open loop), and its latency counts from that planned moment, so a stall of the
// server delays every request due behind it in the figures too (no coordinated omission, as wrk2 and
// k6's constant-arrival-rate measure).
//
// Why not autocannon's `overallRate`: it gives each connection a quota per second and sends it as
// fast as the connection allows from the start of each second, then nothing until the next one
// (mcollina/autocannon#174, open): "100 req/s" is a burst of 100 requests every second, and its tail
// latency is the time the server takes to drain the burst. autocannon stays the tool for saturation.
import http from 'node:http';
import { performance } from 'node:perf_hooks';

const REQUEST_TIMEOUT_MS = 10_000;

/**
 * `rate` requests per second for `seconds` to `base` + `path(i)`, with `headers`. Returns the
 * latency percentiles in ms (p50, p95, p97.5, p99, max), the requests sent and the errors (no answer, or
 * an answer other than 2xx/304).
 */
export async function pacedLoad({ base, path, rate, seconds, headers = {} }) {
  const url = new URL(base);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 512 });
  const total = Math.max(1, Math.round(rate * seconds));
  const interval = 1000 / rate;
  const latencies = new Float64Array(total);
  let errors = 0;
  let sent = 0;
  let done = 0;
  const start = performance.now() + 20;
  try {
    await new Promise((resolve) => {
      const finish = (i, scheduled, ok) => {
        latencies[i] = performance.now() - scheduled;
        if (!ok) errors++;
        if (++done === total) resolve();
      };
      const send = (i) => {
        const scheduled = start + i * interval;
        let settled = false;
        const settle = (ok) => {
          if (settled) return;
          settled = true;
          finish(i, scheduled, ok);
        };
        const request = http.get(
          { host: url.hostname, port: url.port, path: path(i), agent, headers, timeout: REQUEST_TIMEOUT_MS },
          (response) => {
            const ok = (response.statusCode >= 200 && response.statusCode < 300) || response.statusCode === 304;
            response.on('end', () => settle(ok));
            response.on('error', () => settle(false));
            response.resume();
          },
        );
        request.on('timeout', () => request.destroy(new Error('timeout')));
        request.on('error', () => settle(false));
      };
      // Timers fire late by a millisecond or more: each tick sends every request already due.
      const tick = () => {
        const now = performance.now();
        while (sent < total && start + sent * interval <= now) send(sent++);
        if (sent < total) setTimeout(tick, Math.max(0, start + sent * interval - performance.now()));
      };
      setTimeout(tick, Math.max(0, start - performance.now()));
    });
  } finally {
    agent.destroy();
  }
  const sorted = [...latencies].sort((a, b) => a - b);
  const at = (p) => Math.round(sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)]);
  return {
    p50: at(0.5),
    p95: at(0.95),
    p97: at(0.975),
    p99: at(0.99),
    max: Math.round(sorted[sorted.length - 1]),
    total,
    errors,
  };
}
