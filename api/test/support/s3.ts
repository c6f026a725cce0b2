import path from 'node:path';
import { pathToFileURL } from 'node:url';

/** The throw-away S3-compatible server of scripts/lib/s3.mjs (s3rver on a loopback port). */
export interface TestS3Server {
  endpoint: string;
  bucket: string;
  prefix: string;
  /** STORAGE_URL, AWS_ENDPOINT_URL, AWS_REGION, AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY, S3_FORCE_PATH_STYLE. */
  env: Record<string, string>;
  stop(): Promise<void>;
}

const repoRoot = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../../..');

export async function startTestS3(options: { bucket?: string; prefix?: string } = {}): Promise<TestS3Server> {
  const lib = (await import(pathToFileURL(path.join(repoRoot, 'scripts/lib/s3.mjs')).href)) as {
    startS3Server(options: { bucket?: string; prefix?: string }): Promise<TestS3Server>;
  };
  return lib.startS3Server(options);
}
