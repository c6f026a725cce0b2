import { describe, expect, it } from '@jest/globals';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { trackRequests } from './graceful-shutdown.js';

/** A server whose `/hold` and `/stream` answers wait until the test releases them. */
async function serve() {
  const releases: Array<() => void> = [];
  const arrived: Array<() => void> = [];
  const server = http.createServer((req, res) => {
    const release = new Promise<void>((resolve) => releases.push(resolve));
    arrived.shift()?.();
    if (req.url === '/hold') void release.then(() => res.end('held'));
    else if (req.url === '/stream') {
      res.writeHead(200, { 'Content-Type': 'text/plain' });
      res.write('part 1, ');
      void release.then(() => res.end('part 2'));
    } else res.end('quick');
  });
  server.keepAliveTimeout = 65_000;
  const drainer = trackRequests(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const agent = new http.Agent({ keepAlive: true, maxSockets: 4 });
  const port = (server.address() as AddressInfo).port;
  const request = (path: string) =>
    new Promise<{ body: string; connection?: string }>((resolve, reject) => {
      http
        .get({ port, host: '127.0.0.1', path, agent }, (res) => {
          let body = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => (body += chunk));
          res.on('end', () => resolve({ body, connection: res.headers.connection }));
          res.on('error', reject);
        })
        .on('error', reject);
    });
  /** Resolves once the server has received one more request. */
  const nextArrival = () => new Promise<void>((resolve) => arrived.push(resolve));
  const releaseAll = () => releases.splice(0).forEach((release) => release());
  return { server, drainer, agent, request, nextArrival, releaseAll };
}

describe('trackRequests (graceful stop)', () => {
  it('closes idle kept-alive connections at once, and finishes answers in flight with Connection: close', async () => {
    const s = await serve();
    await Promise.all([s.request('/'), s.request('/'), s.request('/')]); // three idle kept-alive connections
    const arrivedHold = s.nextArrival();
    const hold = s.request('/hold');
    await arrivedHold;
    const arrivedStream = s.nextArrival();
    const stream = s.request('/stream');
    await arrivedStream;
    expect(s.drainer.inFlight()).toBe(2);

    const drained = s.drainer.drain(60_000);
    // Nothing is refused nor cut: the two answers complete once released.
    s.releaseAll();
    const [held, streamed, result] = await Promise.all([hold, stream, drained]);
    expect(held).toEqual({ body: 'held', connection: 'close' });
    // Its headers had left before the stop: the body still completes, then the connection is closed.
    expect(streamed.body).toBe('part 1, part 2');
    expect(result.cutOff).toBe(0);
    // Every connection closed before the bound: none was left idling for its keep-alive timeout.
    expect(result.ms).toBeLessThan(60_000);
    expect(s.server.listening).toBe(false);
    s.agent.destroy();
  });

  it('cuts what still runs at the bound', async () => {
    const s = await serve();
    const arrived = s.nextArrival();
    const hold = s.request('/hold').catch((error: Error) => error);
    await arrived;
    const result = await s.drainer.drain(50);
    expect(result.cutOff).toBe(1);
    expect(String(await hold)).toMatch(/socket hang up|ECONNRESET/);
    s.releaseAll();
    s.agent.destroy();
  });
});
