import express, { type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import { pipeline } from 'node:stream/promises';
import parseRange from 'range-parser';
import { LocalDiskStorage } from './local-disk.storage.js';
import { STORED_FILE_CACHE_CONTROL } from './s3.storage.js';
import { checkStoragePath, contentTypeOf, type Storage } from './storage.js';

/** Uploads are data, never a page: no sniffing, no script, even for an SVG opened directly. */
function sandbox(res: Response): void {
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Content-Security-Policy', "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox");
}

/**
 * The handler of `/storage/*`, whatever the driver. Local disk: express.static on its folder (ETag,
 * Range, 304). Other drivers: the file streamed from the driver with the same headers, or, when
 * `publicUrl` (STORAGE_PUBLIC_URL) is set, a redirect there; SVG files are always streamed here,
 * since only this answer carries the sandboxing Content-Security-Policy.
 */
export function serveStorage(storage: Storage, publicUrl?: string): RequestHandler {
  if (storage instanceof LocalDiskStorage && !publicUrl) {
    return express.static(storage.root, {
      index: false,
      fallthrough: false,
      maxAge: '30d',
      immutable: true,
      setHeaders: sandbox,
    });
  }
  return (req: Request, res: Response, next: NextFunction) => {
    // Once bytes went out, a failure (client gone, bucket unreachable midway) can only cut the answer.
    streamStored(storage, publicUrl, req, res).catch((error) => (res.headersSent ? res.destroy() : next(error)));
  };
}

const notFound = (res: Response) => res.status(404).type('text/plain; charset=utf-8').send('Fichier introuvable');

async function streamStored(storage: Storage, publicUrl: string | undefined, req: Request, res: Response): Promise<void> {
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    res.status(405).setHeader('Allow', 'GET, HEAD').end();
    return;
  }
  let relativePath: string;
  try {
    relativePath = checkStoragePath(decodeURIComponent(req.path.replace(/^\/+/, '')));
  } catch {
    notFound(res);
    return;
  }
  const contentType = contentTypeOf(relativePath);
  if (publicUrl && contentType !== 'image/svg+xml') {
    res.setHeader('Cache-Control', 'public, max-age=86400');
    res.redirect(302, `${publicUrl}/${relativePath.split('/').map(encodeURIComponent).join('/')}`);
    return;
  }
  const file = await storage.stat(relativePath);
  if (!file) {
    notFound(res);
    return;
  }
  const etag = `W/"${file.size.toString(16)}-${file.modified.getTime().toString(16)}"`;
  res.setHeader('Accept-Ranges', 'bytes');
  res.setHeader('Cache-Control', STORED_FILE_CACHE_CONTROL);
  res.setHeader('ETag', etag);
  res.setHeader('Last-Modified', file.modified.toUTCString());
  sandbox(res);
  if (req.fresh) {
    // Express compares If-None-Match / If-Modified-Since with the ETag and Last-Modified just set.
    res.status(304).end();
    return;
  }

  let range: { start: number; end: number } | undefined;
  const rangeHeader = req.headers.range;
  const ifRange = req.headers['if-range'];
  if (rangeHeader && (!ifRange || ifRange === etag || ifRange === file.modified.toUTCString())) {
    const ranges = parseRange(file.size, rangeHeader, { combine: true });
    if (ranges === -1) {
      res.status(416).setHeader('Content-Range', `bytes */${file.size}`).end();
      return;
    }
    // Several ranges would need a multipart answer: the whole file is a valid answer too.
    if (Array.isArray(ranges) && ranges.type === 'bytes' && ranges.length === 1) range = ranges[0];
  }

  res.type(contentType);
  if (range) {
    res.status(206).setHeader('Content-Range', `bytes ${range.start}-${range.end}/${file.size}`);
    res.setHeader('Content-Length', String(range.end - range.start + 1));
  } else {
    res.setHeader('Content-Length', String(file.size));
  }
  if (req.method === 'HEAD') {
    res.end();
    return;
  }
  const opened = await storage.open(relativePath, range);
  if (!opened) {
    res.removeHeader('Content-Length');
    res.removeHeader('Content-Range');
    notFound(res);
    return;
  }
  await pipeline(opened.body, res);
}
