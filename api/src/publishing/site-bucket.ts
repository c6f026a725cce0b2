import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import fs from 'node:fs';
import path from 'node:path';
import type { StorageConfig } from '../core/config/config.js';
import { RELEASE_SCRIPT_HASHES } from '../core/web/security-headers.js';
import { s3ClientFor } from '../media/storage/s3.storage.js';

const TYPES: Record<string, string> = {
  html: 'text/html; charset=utf-8',
  css: 'text/css; charset=utf-8',
  js: 'text/javascript; charset=utf-8',
  mjs: 'text/javascript; charset=utf-8',
  json: 'application/json',
  xml: 'application/xml',
  txt: 'text/plain; charset=utf-8',
  svg: 'image/svg+xml',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  avif: 'image/avif',
  gif: 'image/gif',
  ico: 'image/x-icon',
  woff2: 'font/woff2',
  woff: 'font/woff',
  webmanifest: 'application/manifest+json',
};
const UPLOADS_AT_ONCE = 8;

export interface SitePointer {
  release: string;
  /** Key prefix of the live release's files, e.g. "site/releases/20261123…": a CDN rewrites to it. */
  root: string;
  switchedAt: string;
}

/**
 * SITE_BUCKET_URL: every release is uploaded under `<prefix>/releases/<id>/`, then `<prefix>/current.json`
 * is replaced to point at it. One PUT replaces an object atomically in S3, so a CDN origin (an edge
 * function reading the pointer, or a deploy step copying the release) never sees half a release.
 */
export class SiteBucket {
  private readonly client: S3Client;

  constructor(private readonly options: Extract<StorageConfig, { driver: 's3' }>) {
    this.client = s3ClientFor(options);
  }

  get location(): string {
    return `s3://${this.options.bucket}${this.options.prefix ? `/${this.options.prefix}` : ''}`;
  }

  private key(relative: string): string {
    return this.options.prefix ? `${this.options.prefix}/${relative}` : relative;
  }

  /** Uploads every file of the release folder; resolves once all are stored. */
  async upload(dir: string, id: string): Promise<number> {
    const files = listFiles(dir);
    let next = 0;
    const worker = async () => {
      while (next < files.length) {
        const relative = files[next++]!;
        const extension = /\.([A-Za-z0-9]+)$/.exec(relative)?.[1]?.toLowerCase() ?? '';
        await this.client.send(
          new PutObjectCommand({
            Bucket: this.options.bucket,
            Key: this.key(`releases/${id}/${relative}`),
            Body: fs.readFileSync(path.join(dir, relative)),
            ContentType: TYPES[extension] ?? 'application/octet-stream',
            CacheControl: relative.startsWith('_astro/')
              ? 'public, max-age=31536000, immutable'
              : 'public, max-age=0, must-revalidate',
          }),
        );
      }
    };
    await Promise.all(Array.from({ length: UPLOADS_AT_ONCE }, worker));
    return files.length;
  }

  /** Points `current.json` at release `id` (uploaded before). */
  async switchTo(id: string): Promise<void> {
    const pointer: SitePointer = { release: id, root: this.key(`releases/${id}`), switchedAt: new Date().toISOString() };
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.options.bucket,
        Key: this.key('current.json'),
        Body: JSON.stringify(pointer),
        ContentType: 'application/json',
        CacheControl: 'no-cache',
      }),
    );
  }
}

/** Paths relative to `dir`, with "/" separators; the release's own metadata (dot files) stays local. */
function listFiles(dir: string, base = ''): string[] {
  const out: string[] = [];
  for (const entry of fs.readdirSync(path.join(dir, base), { withFileTypes: true })) {
    const relative = base ? `${base}/${entry.name}` : entry.name;
    if (entry.isDirectory()) out.push(...listFiles(dir, relative));
    else if (entry.isFile() && relative !== '.release.json' && relative !== RELEASE_SCRIPT_HASHES) out.push(relative);
  }
  return out;
}
