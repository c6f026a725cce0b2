import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  paginateListObjectsV2,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import type { Readable } from 'node:stream';
import {
  checkStoragePath,
  contentTypeOf,
  storageUrl,
  StorageNotFound,
  type OpenedFile,
  type Storage,
  type StoredFile,
} from './storage.js';

/** The one way Comptoir talks to a bucket (uploads, and the site releases of SITE_BUCKET_URL). */
export function s3ClientFor(options: Pick<S3StorageOptions, 'region' | 'endpoint' | 'forcePathStyle' | 'credentials'>): S3Client {
  return new S3Client({
    region: options.region,
    endpoint: options.endpoint,
    forcePathStyle: options.forcePathStyle,
    credentials: options.credentials,
    // Checksums only where S3 requires them: many S3-compatible servers reject the newer default
    // trailers, and the files are small enough to be sent whole.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

export interface S3StorageOptions {
  bucket: string;
  /** Key prefix without slashes at either end ("" = the bucket's root). */
  prefix: string;
  region: string;
  /** AWS_ENDPOINT_URL: any S3-compatible server (MinIO, Garage, Ceph, Scaleway, OVH…); unset = AWS. */
  endpoint?: string;
  /** S3_FORCE_PATH_STYLE: "http://host/bucket/key" addresses, which MinIO-like servers need. */
  forcePathStyle: boolean;
  /** Unset = the SDK's default chain (environment, shared files, instance role). */
  credentials?: { accessKeyId: string; secretAccessKey: string; sessionToken?: string };
}

/** What uploads are served with, also when a public bucket URL serves them directly. */
export const STORED_FILE_CACHE_CONTROL = 'public, max-age=2592000, immutable';

const isMissing = (error: unknown) => {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e?.name === 'NotFound' || e?.name === 'NoSuchKey' || e?.$metadata?.httpStatusCode === 404;
};

/**
 * Uploads in a bucket of any S3-compatible object storage, under an optional key prefix. Every
 * replica sees the same files; /storage streams them (or redirects to STORAGE_PUBLIC_URL).
 */
export class S3Storage implements Storage {
  readonly kind = 's3' as const;
  readonly client: S3Client;
  readonly bucket: string;
  private readonly prefix: string;
  private readonly endpoint?: string;

  constructor(options: S3StorageOptions) {
    this.bucket = options.bucket;
    this.prefix = options.prefix.replace(/^\/+|\/+$/g, '');
    this.endpoint = options.endpoint;
    this.client = s3ClientFor(options);
  }

  get location(): string {
    return `s3://${this.bucket}${this.prefix ? `/${this.prefix}` : ''}`;
  }

  /** The object key of a storage path. */
  key(relativePath: string): string {
    checkStoragePath(relativePath);
    return this.prefix ? `${this.prefix}/${relativePath}` : relativePath;
  }

  async put(relativePath: string, data: Buffer): Promise<void> {
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.bucket,
        Key: this.key(relativePath),
        Body: data,
        ContentLength: data.length,
        ContentType: contentTypeOf(relativePath),
        CacheControl: STORED_FILE_CACHE_CONTROL,
      }),
    );
  }

  async read(relativePath: string): Promise<Buffer> {
    try {
      const answer = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: this.key(relativePath) }));
      return Buffer.from(await answer.Body!.transformToByteArray());
    } catch (error) {
      if (isMissing(error)) throw new StorageNotFound(relativePath);
      throw error;
    }
  }

  async exists(relativePath: string): Promise<boolean> {
    return (await this.stat(relativePath)) !== null;
  }

  async stat(relativePath: string): Promise<StoredFile | null> {
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: this.key(relativePath) }));
      return { path: relativePath, size: head.ContentLength ?? 0, modified: head.LastModified ?? new Date(0) };
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async delete(relativePath: string): Promise<void> {
    try {
      await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: this.key(relativePath) }));
    } catch (error) {
      if (!isMissing(error)) throw error;
    }
  }

  async *list(prefix = ''): AsyncIterable<StoredFile> {
    const base = this.prefix ? `${this.prefix}/` : '';
    for await (const page of paginateListObjectsV2(
      { client: this.client, pageSize: 1000 },
      { Bucket: this.bucket, Prefix: base + prefix },
    )) {
      for (const object of page.Contents ?? []) {
        if (!object.Key || object.Key.endsWith('/')) continue;
        yield { path: object.Key.slice(base.length), size: object.Size ?? 0, modified: object.LastModified ?? new Date(0) };
      }
    }
  }

  async open(relativePath: string, range?: { start: number; end: number }): Promise<OpenedFile | null> {
    try {
      const answer = await this.client.send(
        new GetObjectCommand({
          Bucket: this.bucket,
          Key: this.key(relativePath),
          Range: range ? `bytes=${range.start}-${range.end}` : undefined,
        }),
      );
      // "bytes 0-99/1234": the whole object's size, whatever part was asked for.
      const total = answer.ContentRange ? Number(/\/(\d+)$/.exec(answer.ContentRange)?.[1]) : answer.ContentLength;
      return {
        path: relativePath,
        size: total ?? 0,
        modified: answer.LastModified ?? new Date(0),
        body: answer.Body as Readable,
      };
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async check(): Promise<void> {
    try {
      await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }));
    } catch (error) {
      const e = error as { name?: string; code?: string; message?: string; $metadata?: { httpStatusCode?: number } };
      const endpoint = this.endpoint ?? 'Amazon S3';
      const reason = e.$metadata?.httpStatusCode
        ? `${e.name ?? 'error'} (HTTP ${e.$metadata.httpStatusCode})`
        : (e.code ?? e.message ?? String(error));
      throw new Error(`Cannot use the bucket of STORAGE_URL (${this.location} at ${endpoint}): ${reason}`, { cause: error });
    }
  }

  publicUrl(relativePath: string): string {
    return storageUrl(relativePath)!;
  }
}
