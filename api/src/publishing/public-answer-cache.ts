import { Injectable } from '@nestjs/common';
import { createHash } from 'node:crypto';
import type { Request, Response } from 'express';

interface Entry {
  expires: number;
  answer: Promise<{ body: string; etag: string }>;
}

/** Longest life of a cached answer: covers what is not notified (stock taken by orders, other replicas). */
export const PUBLIC_CACHE_TTL_MS = 10_000;
const MAX_ENTRIES = 1000;

/**
 * In-process cache of the public catalogue and blog answers, serialised once with their ETag, so a
 * burst of visitors costs one query (concurrent misses share the same computation). Emptied whenever
 * publishing is told that public content changed (PublishingService.notifyChange), and entries live
 * at most PUBLIC_CACHE_TTL_MS.
 */
@Injectable()
export class PublicAnswerCache {
  private readonly entries = new Map<string, Entry>();

  invalidate(): void {
    this.entries.clear();
  }

  private lookup(key: string, compute: () => Promise<unknown>): Promise<{ body: string; etag: string }> {
    const now = Date.now();
    const hit = this.entries.get(key);
    if (hit && hit.expires > now) return hit.answer;
    const answer = compute().then((value) => {
      const body = JSON.stringify(value);
      return { body, etag: `W/"${createHash('sha1').update(body).digest('base64url')}"` };
    });
    const entry = { expires: now + PUBLIC_CACHE_TTL_MS, answer };
    // A failed computation is not kept: the next request tries again.
    answer.catch(() => {
      if (this.entries.get(key) === entry) this.entries.delete(key);
    });
    this.entries.delete(key);
    this.entries.set(key, entry);
    // Oldest first in a Map: drop the least recently computed beyond the limit.
    if (this.entries.size > MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
    return answer;
  }

  /**
   * Answers `req` from the cache (computing on a miss) with `Cache-Control` and an `ETag`; express
   * turns a matching `If-None-Match` into a 304 without a body.
   */
  async send(req: Request, res: Response, cacheControl: string, compute: () => Promise<unknown>): Promise<void> {
    const { body, etag } = await this.lookup(req.originalUrl, compute);
    res.setHeader('Cache-Control', cacheControl);
    res.setHeader('ETag', etag);
    res.type('application/json').send(body);
  }
}
