import type { Readable } from 'node:stream';

/**
 * Where uploaded files live: the strategy chosen by STORAGE_URL (local disk under DATA_DIR/storage
 * when unset, or an S3-compatible bucket for `s3://bucket/prefix`). Paths are relative to the storage
 * root ("avatars/3f2a….png"), which is what the database stores; `publicUrl` gives the address the
 * front ends load it from ("/storage/avatars/3f2a….png"). Every reader and writer of uploads (routes,
 * image variants, demo seed, site build checks, backups, the /storage route) goes through this
 * interface, so replicas sharing a bucket see the same files.
 */
export interface Storage {
  /** "local" or "s3"; for logs, backups and the /storage route. */
  readonly kind: StorageKind;
  /** Where the files are, for operators ("/data/storage", "s3://bucket/prefix"). */
  readonly location: string;
  /** Writes the whole file; callers pass newly generated paths (a same path is replaced). */
  put(relativePath: string, data: Buffer): Promise<void>;
  /** The whole file; rejects with a `StorageNotFound` error when it is missing. */
  read(relativePath: string): Promise<Buffer>;
  exists(relativePath: string): Promise<boolean>;
  /** Size and date of a file, or null when it is missing. */
  stat(relativePath: string): Promise<StoredFile | null>;
  /** Removes the file; a file already gone is not an error. */
  delete(relativePath: string): Promise<void>;
  /** Every file under `prefix` ("" = all), paths relative to the root, in no promised order. */
  list(prefix?: string): AsyncIterable<StoredFile>;
  /** A byte range of a file (both ends included) or all of it, as a stream; null when missing. */
  open(relativePath: string, range?: { start: number; end: number }): Promise<OpenedFile | null>;
  /** The URL path the front ends use, e.g. "/storage/avatars/x.png". */
  publicUrl(relativePath: string): string;
  /** Checked once at start: the folder can be made, the bucket answers (fails naming STORAGE_URL). */
  check(): Promise<void>;
}

export type StorageKind = 'local' | 's3';

export interface StoredFile {
  path: string;
  size: number;
  modified: Date;
}

export interface OpenedFile extends StoredFile {
  body: Readable;
}

export const STORAGE = Symbol('STORAGE');

export class StorageNotFound extends Error {
  readonly code = 'ENOENT';
  constructor(relativePath: string) {
    super(`No stored file ${relativePath}`);
    this.name = 'StorageNotFound';
  }
}

/**
 * Refuses paths that could leave the storage root or name something odd in a bucket: absolute,
 * "..", empty segments, NUL or backslashes. Answers the path unchanged.
 */
export function checkStoragePath(relativePath: string): string {
  if (
    !relativePath ||
    relativePath.includes('\0') ||
    relativePath.includes('\\') ||
    relativePath.startsWith('/') ||
    relativePath.split('/').some((segment) => segment === '' || segment === '.' || segment === '..')
  ) {
    throw new Error(`Invalid storage path: ${JSON.stringify(relativePath)}`);
  }
  return relativePath;
}

const CONTENT_TYPES: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  gif: 'image/gif',
  avif: 'image/avif',
  svg: 'image/svg+xml',
  json: 'application/json',
  pdf: 'application/pdf',
  txt: 'text/plain; charset=utf-8',
};

/** The Content-Type served for a stored file, from its extension (the name is ours, generated). */
export function contentTypeOf(relativePath: string): string {
  const extension = /\.([A-Za-z0-9]+)$/.exec(relativePath)?.[1]?.toLowerCase() ?? '';
  return CONTENT_TYPES[extension] ?? 'application/octet-stream';
}

/** "avatars/x.png" → "/storage/avatars/x.png"; null stays null. For answers, whatever the driver. */
export function storageUrl(relativePath: string | null | undefined): string | null {
  if (!relativePath) return null;
  if (/^(https?:)?\/\//.test(relativePath) || relativePath.startsWith('/')) return relativePath;
  return `/storage/${relativePath}`;
}
