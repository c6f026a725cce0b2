import type { NextFunction, Request, Response } from 'express';
import { COMPRESSED_ABOVE, gzipAnswer, takesGzip } from './answer-gzip.js';

/**
 * The API's JSON answers (the staff lists above all), gzipped by the kept stream of answer-gzip.ts as
 * express sends them, where the compression middleware would open a zlib stream per answer: at 100
 * list pages a second those streams, kept alive until a mark-compact, made V8 run one every second or
 * two and the lists' p95 four times the identity answers' (docs/performance.md). What is not a JSON
 * text sent whole (streamed exports, files, pages) is left to the compression middleware, as is every
 * answer the client does not take gzipped. Mounted only where the process compresses the API's answers
 * itself (COMPRESS_ANSWERS, not behind compose's nginx).
 */
export function gzipJsonAnswers() {
  return (req: Request, res: Response, next: NextFunction): void => {
    if (!req.path.startsWith('/api/')) return next();
    const send = res.send;
    res.send = function sendGzipped(this: Response, body?: unknown) {
      if (typeof body === 'string' && isJson(this) && !this.getHeader('Content-Encoding')) {
        this.vary('Accept-Encoding');
        if (body.length > COMPRESSED_ABOVE && !noTransform(this) && takesGzip(req)) {
          this.setHeader('Content-Encoding', 'gzip');
          return send.call(this, gzipAnswer(body));
        }
      }
      return send.call(this, body);
    };
    next();
  };
}

const isJson = (res: Response) => /^application\/(?:[\w.+-]+\+)?json\b/.test(String(res.getHeader('Content-Type') ?? ''));

/** `Cache-Control: no-transform`: the answer must reach the client as it is (RFC 9111 §5.2.2.6). */
const noTransform = (res: Response) => /(?:^|,)\s*no-transform\s*(?:,|$)/.test(String(res.getHeader('Cache-Control') ?? ''));
