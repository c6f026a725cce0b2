import { Injectable } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import { hash } from 'node:crypto';
import { gunzipSync } from 'node:zlib';
import { COMPRESSED_ABOVE, gzipAnswer, takesGzip } from '../core/web/answer-gzip.js';

interface Answer {
  /** The JSON text; not kept for an answer compressed as it is computed (see SendOptions.gzipLevel). */
  body?: string;
  /** Its length in characters: above 1024, sent compressed to clients that accept gzip. */
  length: number;
  etag: string;
  cacheControl: string;
  /** Compressed once, on the first request that accepts gzip (or as it is computed, at SendOptions.gzipLevel). */
  gzip?: Buffer;
}

/** An answer already serialised (the shop's filter joins cached card texts): sent as it is. */
export class JsonText {
  /** `etag`: given when the answer knows a cheaper tag for its content than a hash of all its text. */
  constructor(
    readonly text: string,
    readonly etag?: string,
  ) {}
}

/**
 * An answer compressed as it was computed, from bytes the caller reuses (the shop's filter: see
 * PublicCatalogueService.filterAnswer): kept as it is; `length` is the JSON's, in bytes.
 */
export class GzippedJson {
  constructor(
    readonly gzip: Buffer,
    readonly length: number,
    readonly etag: string,
  ) {}
}

/** SHA-1 of a text, base64url (one call, no Hash object). */
export const sha1 = (text: string) => hash('sha1', text, 'base64url');

export interface SendOptions {
  /**
   * zlib level of the answer's gzip: 1 for answers that vary with every request (the shop's filter),
   * compressed once and seldom read again, where level 6 cost more CPU than the rest of the request.
   * Such an answer is compressed as it is computed and only its gzip is kept (a client that does not
   * accept gzip gets it decompressed): the cache then holds a few kilobytes per answer outside the
   * JavaScript heap instead of its text, which the garbage collector copied and promoted.
   */
  gzipLevel?: number;
}

interface Entry {
  expires: number;
  pending: Promise<Answer>;
  /** Set once computed: the fast path serves only settled answers. */
  answer?: Answer;
}

/**
 * `Cache-Control: no-cache` in the request (what a browser sends for `fetch(..., { cache: 'no-store' })`
 * or a hard reload): computed afresh. The dashboard reads the product list this way and sees stock
 * moved by orders at once; visitors get the cached answer.
 */
const wantsFresh = (req: Request) => /\bno-cache\b/.test(req.headers['cache-control'] ?? '');

/** Longest life of a cached answer: covers what is not notified (stock taken by orders, other replicas). */
export const PUBLIC_CACHE_TTL_MS = 10_000;
const MAX_ENTRIES = 1000;

/**
 * In-process cache of the public catalogue and blog answers, serialised once with their ETag, so a
 * burst of visitors costs one query (concurrent misses share the same computation). Emptied whenever
 * publishing is told that public content changed (PublishingService.notifyChange), and entries live
 * at most PUBLIC_CACHE_TTL_MS. Keyed by the request's URL: only routes that answer the same to
 * everyone (`@Public()`, no cookie read) use it.
 */
@Injectable()
export class PublicAnswerCache {
  private readonly entries = new Map<string, Entry>();
  private readonly listeners: (() => void)[] = [];

  invalidate(): void {
    this.entries.clear();
    for (const listener of this.listeners) listener();
  }

  /** Called on every local invalidation (the in-memory catalogue index reloads then). */
  onInvalidate(listener: () => void): void {
    this.listeners.push(listener);
  }

  private lookup(
    key: string,
    cacheControl: string,
    compute: () => Promise<unknown>,
    fresh: boolean,
    options: SendOptions,
  ): Promise<Answer> {
    const now = Date.now();
    const hit = this.entries.get(key);
    if (hit && hit.expires > now && !fresh) return hit.pending;
    const entry: Entry = { expires: now + PUBLIC_CACHE_TTL_MS, pending: undefined as unknown as Promise<Answer> };
    entry.pending = compute().then((value) => {
      if (value instanceof GzippedJson) {
        const { gzip, length, etag } = value;
        return (entry.answer = { length, cacheControl, etag, gzip });
      }
      const body = value instanceof JsonText ? value.text : JSON.stringify(value);
      const etag = (value instanceof JsonText && value.etag) || `W/"${sha1(body)}"`;
      const answer: Answer = { length: body.length, cacheControl, etag };
      if (options.gzipLevel && body.length > COMPRESSED_ABOVE) {
        answer.gzip = gzipAnswer(body, options.gzipLevel);
      } else answer.body = body;
      entry.answer = answer;
      return answer;
    });
    // A failed computation is not kept: the next request tries again.
    entry.pending.catch(() => {
      if (this.entries.get(key) === entry) this.entries.delete(key);
    });
    this.entries.delete(key);
    this.entries.set(key, entry);
    // Oldest first in a Map: drop the least recently computed beyond the limit.
    if (this.entries.size > MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
    return entry.pending;
  }

  private write(req: Request, res: Response, answer: Answer): void {
    res.setHeader('Cache-Control', answer.cacheControl);
    res.setHeader('ETag', answer.etag);
    res.setHeader('Vary', 'Accept-Encoding');
    res.type('application/json');
    if (answer.length > COMPRESSED_ABOVE && takesGzip(req)) {
      // Already encoded: the compression middleware leaves it alone. An answer kept as text was not
      // compressed as it was computed: zlib's default level.
      answer.gzip ??= gzipAnswer(answer.body!);
      res.setHeader('Content-Encoding', 'gzip');
      res.send(answer.gzip);
      return;
    }
    // express answers 304 without a body when If-None-Match matches the ETag.
    res.send(answer.body ?? gunzipSync(answer.gzip!).toString('utf8'));
  }

  /** Answers `req` from the cache (computing on a miss) with `Cache-Control` and an `ETag`. */
  async send(
    req: Request,
    res: Response,
    cacheControl: string,
    compute: () => Promise<unknown>,
    options: SendOptions = {},
  ): Promise<void> {
    this.write(req, res, await this.lookup(req.originalUrl, cacheControl, compute, wantsFresh(req), options));
  }

  /**
   * Express middleware mounted before Nest's pipeline: a GET whose answer is cached and fresh is sent
   * at once (no guards, pipes or handler: the route was public and its parameters already validated
   * when the answer was computed), so a burst of visitors costs almost nothing.
   */
  fastPath(): (req: Request, res: Response, next: NextFunction) => void {
    return (req, res, next) => {
      if (req.method !== 'GET' || wantsFresh(req)) return next();
      const entry = this.entries.get(req.originalUrl);
      if (!entry?.answer || entry.expires <= Date.now()) return next();
      this.write(req, res, entry.answer);
    };
  }
}
