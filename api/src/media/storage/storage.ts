/**
 * Where uploaded files live. Paths are relative to the storage root ("avatars/3f2a….png"), which
 * is what the database stores; `publicUrl` gives the address the front ends load it from
 * ("/storage/avatars/3f2a….png"). The local-disk driver serves one process or replicas sharing a
 * volume; another driver (object storage) can take its place behind the `STORAGE` token.
 */
export interface Storage {
  /** Writes the whole file, replacing nothing: callers always pass a newly generated path. */
  put(relativePath: string, data: Buffer): Promise<void>;
  read(relativePath: string): Promise<Buffer>;
  exists(relativePath: string): Promise<boolean>;
  /** Removes the file; a file already gone is not an error. */
  delete(relativePath: string): Promise<void>;
  /** The URL path the front ends use, e.g. "/storage/avatars/x.png". */
  publicUrl(relativePath: string): string;
}

export const STORAGE = Symbol('STORAGE');

/** "avatars/x.png" → "/storage/avatars/x.png"; null stays null. For answers, whatever the driver. */
export function storageUrl(relativePath: string | null | undefined): string | null {
  if (!relativePath) return null;
  if (/^(https?:)?\/\//.test(relativePath) || relativePath.startsWith('/')) return relativePath;
  return `/storage/${relativePath}`;
}
