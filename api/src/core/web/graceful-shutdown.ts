import type { IncomingMessage, Server, ServerResponse } from 'node:http';

export interface DrainResult {
  /** Requests still running when the bound was reached, whose connections were cut. */
  cutOff: number;
  /** Milliseconds from the start of the drain to the last connection closed. */
  ms: number;
}

export interface Drainer {
  /** Requests being answered now. */
  inFlight(): number;
  /**
   * Stops accepting, closes idle kept-alive connections at once, lets the requests in flight finish
   * for at most `timeoutMs`, then cuts what remains. Resolves once no connection is left.
   */
  drain(timeoutMs: number): Promise<DrainResult>;
}

/**
 * Tracks the requests a server is answering, so that a stop can wait for them and nothing else.
 *
 * `server.close()` alone is not enough: it closes the connections idle at that moment, but a response
 * in flight on a kept-alive connection still goes out with `Connection: keep-alive`, and its connection
 * then idles for the whole keepAliveTimeout (65 s, kept above nginx's): a stop took about a minute.
 * While draining, every answer not yet started says `Connection: close` (the client, nginx, opens its
 * next request elsewhere, and Node closes the socket after the answer), and a connection whose answer
 * had already started is closed as soon as that answer is complete.
 */
export function trackRequests(server: Server): Drainer {
  const inFlight = new Set<ServerResponse>();
  let draining = false;

  const closeAfter = (res: ServerResponse) => {
    if (!res.headersSent) res.setHeader('Connection', 'close');
  };
  // First listener, so that the header is set before any handler can start the answer.
  server.prependListener('request', (_req: IncomingMessage, res: ServerResponse) => {
    inFlight.add(res);
    res.once('close', () => {
      inFlight.delete(res);
      // The answer was complete (or abandoned): its connection is idle now, unless a request came next.
      if (draining) server.closeIdleConnections();
    });
    if (draining) closeAfter(res);
  });

  return {
    inFlight: () => inFlight.size,
    drain: async (timeoutMs) => {
      const started = Date.now();
      draining = true;
      for (const res of inFlight) closeAfter(res);
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      // server.close() does this too (Node >= 19); said here so as not to depend on it.
      server.closeIdleConnections();
      let timer: NodeJS.Timeout | undefined;
      const bound = new Promise<'timeout'>((resolve) => (timer = setTimeout(() => resolve('timeout'), timeoutMs)));
      const outcome = await Promise.race([closed.then(() => 'closed' as const), bound]);
      clearTimeout(timer);
      let cutOff = 0;
      if (outcome === 'timeout') {
        cutOff = inFlight.size;
        server.closeAllConnections();
        await closed;
      }
      return { cutOff, ms: Date.now() - started };
    },
  };
}
