import { createCipheriv, createDecipheriv, createHmac, randomBytes, scryptSync, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { ConfigError } from '../core/config/config.js';

/**
 * Encrypted archives (BACKUP_KEY): AES-256-GCM over the whole tar.gz, streamed.
 *
 *   magic "CMPTBK\x00\x01" (8) | salt (16) | iv (12) | key check (16) | ciphertext | GCM tag (16)
 *
 * The key comes from BACKUP_KEY through scrypt with the archive's own random salt, so one passphrase
 * never gives two archives the same key. The header is the cipher's additional data: changing any
 * byte of it fails the tag like a change to the ciphertext. The key check (an HMAC under a second
 * derived key) tells a wrong key at once, instead of after decrypting gigabytes to a failed tag.
 */
const MAGIC = Buffer.from('CMPTBK\x00\x01', 'latin1');
const SALT = 16;
const IV = 12;
const CHECK = 16;
const TAG = 16;
export const ENCRYPTED_HEADER_BYTES = MAGIC.length + SALT + IV + CHECK;
// N = 2^15: about 0.1 s and 32 MB per archive; slows a guessing attacker as much.
const SCRYPT = { N: 1 << 15, r: 8, p: 1, maxmem: 64 * 1024 * 1024 };

/** BACKUP_KEY, or undefined when unset; too short a key is refused like any bad setting. */
export function backupKeyFrom(env: NodeJS.ProcessEnv = process.env): string | undefined {
  const raw = env.BACKUP_KEY;
  if (raw === undefined || raw === '') return undefined;
  if (raw.length < 16) throw new ConfigError('BACKUP_KEY', 'must be at least 16 characters long');
  return raw;
}

function deriveKeys(passphrase: string, salt: Buffer): { key: Buffer; check: Buffer } {
  const material = scryptSync(passphrase, salt, 64, SCRYPT);
  const check = createHmac('sha256', material.subarray(32)).update('comptoir-backup-key-check').digest().subarray(0, CHECK);
  return { key: material.subarray(0, 32), check };
}

/** A stream that turns a tar.gz into an encrypted archive (header first, tag last). */
export function encryptingStream(passphrase: string): Transform {
  const salt = randomBytes(SALT);
  const iv = randomBytes(IV);
  const { key, check } = deriveKeys(passphrase, salt);
  const header = Buffer.concat([MAGIC, salt, iv, check]);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(header);
  let started = false;
  const start = (stream: Transform) => {
    if (!started) stream.push(header);
    started = true;
  };
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      start(this);
      done(null, cipher.update(chunk));
    },
    flush(done) {
      start(this);
      this.push(cipher.final());
      this.push(cipher.getAuthTag());
      done();
    },
  });
}

/** Whether `file` starts like an encrypted archive. */
export function isEncryptedArchive(file: string): boolean {
  const fd = fs.openSync(file, 'r');
  try {
    const head = Buffer.alloc(MAGIC.length);
    return fs.readSync(fd, head, 0, head.length, 0) === head.length && head.equals(MAGIC);
  } finally {
    fs.closeSync(fd);
  }
}

/** Why an encrypted archive cannot be opened; the message is the operator's one line. */
export class ArchiveKeyError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ArchiveKeyError';
  }
}

/**
 * Decrypts `file` into `target` (mode 0600). Throws ArchiveKeyError without a key, with a wrong one
 * (before reading past the header) or when the tag fails (damaged or altered archive); `target` is
 * then removed, so nothing decrypted from a forged archive is ever used.
 */
export async function decryptArchive(file: string, passphrase: string | undefined, target: string): Promise<void> {
  const size = fs.statSync(file).size;
  if (size < ENCRYPTED_HEADER_BYTES + TAG)
    throw new ArchiveKeyError(`${file} is damaged: shorter than an encrypted archive's header. Nothing was restored.`);
  if (!passphrase) {
    throw new ArchiveKeyError(`${file} is encrypted: set BACKUP_KEY to the key it was written with. Nothing was restored.`);
  }
  const fd = fs.openSync(file, 'r');
  const header = Buffer.alloc(ENCRYPTED_HEADER_BYTES);
  const tag = Buffer.alloc(TAG);
  try {
    fs.readSync(fd, header, 0, header.length, 0);
    fs.readSync(fd, tag, 0, tag.length, size - TAG);
  } finally {
    fs.closeSync(fd);
  }
  const salt = header.subarray(MAGIC.length, MAGIC.length + SALT);
  const iv = header.subarray(MAGIC.length + SALT, MAGIC.length + SALT + IV);
  const check = header.subarray(MAGIC.length + SALT + IV);
  const { key, check: expected } = deriveKeys(passphrase, salt);
  if (!timingSafeEqual(check, expected)) {
    throw new ArchiveKeyError(`BACKUP_KEY does not open ${file} (not the key it was written with). Nothing was restored.`);
  }
  const decipher = createDecipheriv('aes-256-gcm', key, iv);
  decipher.setAAD(header);
  decipher.setAuthTag(tag);
  try {
    await pipeline(
      fs.createReadStream(file, { start: ENCRYPTED_HEADER_BYTES, end: size - TAG - 1 }),
      decipher,
      fs.createWriteStream(target, { flags: 'wx', mode: 0o600 }),
    );
  } catch (error) {
    fs.rmSync(target, { force: true });
    if (/auth/i.test((error as Error).message)) {
      throw new ArchiveKeyError(`${file} is damaged or was altered: it fails its authentication check. Nothing was restored.`);
    }
    throw error;
  }
}
