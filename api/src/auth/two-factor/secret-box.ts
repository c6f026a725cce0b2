import { createCipheriv, createDecipheriv, createHash, createHmac, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * Seals the TOTP secrets at rest (AES-256-GCM) and keys the recovery codes' hashes (HMAC-SHA256), so
 * that a copy of the database alone (a backup, a dump) neither yields the secrets nor lets the
 * recovery codes be brute-forced offline.
 *
 * The key comes from TWO_FACTOR_KEY (at least 32 characters; several replicas, or a restore on
 * another host, need the same value). Unset, a random key is kept in DATA_DIR/two-factor.key (0600)
 * so a single-process install works with no setup.
 */
export class SecretBox {
  private constructor(private readonly key: Buffer) {}

  /** `configured`: TWO_FACTOR_KEY, checked by the configuration (32 characters or more). */
  static fromKey(configured: string | undefined, dataDir: string): SecretBox {
    if (configured) return new SecretBox(createHash('sha256').update(`comptoir-2fa:${configured}`, 'utf8').digest());
    const file = path.join(dataDir, 'two-factor.key');
    let stored: string;
    try {
      stored = fs.readFileSync(file, 'utf8').trim();
    } catch {
      fs.mkdirSync(dataDir, { recursive: true });
      stored = randomBytes(32).toString('base64url');
      try {
        // `wx`: two processes starting together keep the first one's key.
        fs.writeFileSync(file, `${stored}\n`, { mode: 0o600, flag: 'wx' });
      } catch {
        stored = fs.readFileSync(file, 'utf8').trim();
      }
    }
    return new SecretBox(createHash('sha256').update(`comptoir-2fa:${stored}`, 'utf8').digest());
  }

  /** A key for tests. */
  static withKey(secret: string): SecretBox {
    return new SecretBox(createHash('sha256').update(`comptoir-2fa:${secret}`, 'utf8').digest());
  }

  seal(plain: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return `v1.${iv.toString('base64url')}.${body.toString('base64url')}.${cipher.getAuthTag().toString('base64url')}`;
  }

  /** The plain text, or null when the value was sealed with another key or altered. */
  open(sealed: string): string | null {
    const [version, iv, body, tag] = sealed.split('.');
    if (version !== 'v1' || !iv || body === undefined || !tag) return null;
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
    } catch {
      return null;
    }
  }

  /** Keyed hash (hex, 64 characters) of a recovery code. */
  digest(value: string): string {
    return createHmac('sha256', this.key).update(value, 'utf8').digest('hex');
  }
}
