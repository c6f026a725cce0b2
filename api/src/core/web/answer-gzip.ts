import { Gzip } from 'minizlib';
import type { Request } from 'express';
import { constants, gzipSync } from 'node:zlib';

/**
 * One zlib stream kept across answers, finished then reset for each: zlib.gzipSync makes a stream per
 * call, whose native handle keeps the JavaScript stream and its 16 KB output chunk alive through every
 * young-generation collection. At 1,000 answers a second that is 16 MB/s of memory only a mark-compact
 * frees, and V8 started one every few seconds (docs/performance.md, « gzip's streams »). minizlib,
 * node-tar's synchronous zlib, drives node:zlib's binding from the calling thread and keeps the stream open.
 */
class KeptGzip {
  private readonly stream: Gzip;
  private chunks: Buffer[] = [];
  broken = false;

  constructor(level: number) {
    this.stream = new Gzip({ level });
    this.stream.on('data', (chunk: Buffer) => this.chunks.push(chunk));
    this.stream.on('error', () => (this.broken = true));
  }

  gzip(input: Uint8Array | string): Buffer | undefined {
    this.chunks = [];
    try {
      this.stream.write(typeof input === 'string' ? Buffer.from(input) : input);
      this.stream.flush(constants.Z_FINISH);
      this.stream.reset();
    } catch {
      this.broken = true;
    }
    const chunks = this.chunks;
    this.chunks = [];
    if (this.broken) return undefined;
    return chunks.length === 1 ? chunks[0] : Buffer.concat(chunks);
  }
}

/** Answers longer than this (in characters or bytes) are sent compressed to clients that accept gzip. */
export const COMPRESSED_ABOVE = 1024;

/** The client takes a gzipped answer (`Accept-Encoding`, q-values honoured). */
export const takesGzip = (req: Request) => req.acceptsEncodings('gzip') === 'gzip';

const kept = new Map<number, KeptGzip>();

/**
 * `input` gzipped at `level` (zlib's default when not given) on the calling thread, by the stream kept
 * for that level. A stream that failed is dropped (the answer is then compressed by zlib.gzipSync and
 * the next one gets a new stream).
 */
export function gzipAnswer(input: Uint8Array | string, level: number = constants.Z_DEFAULT_COMPRESSION): Buffer {
  let compressor = kept.get(level);
  if (!compressor) kept.set(level, (compressor = new KeptGzip(level)));
  const gzip = compressor.gzip(input);
  if (gzip) return gzip;
  kept.delete(level);
  return gzipSync(input, { level });
}
