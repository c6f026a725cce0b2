import { randomBytes } from 'node:crypto';
import { gunzipSync, gzipSync } from 'node:zlib';
import { In, LessThanOrEqual, type DataSource } from 'typeorm';
import type { Storage } from '../media/storage/storage.js';
import type { CheckedImage } from '../media/upload-policy.js';
import type { PreparedRow } from './import-kind.js';
import { ImportPreviewRecord } from './import-preview.entity.js';

/** How long a preview can be applied, and how many each person keeps at once (the oldest goes first). */
export const PREVIEW_TTL_MS = 30 * 60 * 1000;
export const PREVIEW_MAX = 20;

/** Where a preview's images wait for the apply (any replica reads them from the shared storage). */
const STAGING = 'import-previews';

/*
 * The rows are stored as gzipped JSON in base64: 10,000 product rows are about 4 MB of JSON, a few hundred
 * KB once compressed, so even the largest sheet allowed (IMPORT_MAX_ROWS) stays far below MariaDB's
 * max_allowed_packet (16 MB by default).
 */

export interface StoredPreview {
  kind: string;
  userId: number;
  fileName: string;
  rows: PreparedRow<unknown>[];
  /** Rows in error, left out. */
  skipped: number;
  images: Map<string, CheckedImage>;
}

type StagedImage = Omit<CheckedImage, 'buffer'> & { path: string };

interface Payload {
  rows: PreparedRow<unknown>[];
  images: [string, StagedImage][];
}

/**
 * The previews waiting to be applied, in the database (`import_previews`) so that « Appliquer » works
 * whichever replica receives it: the file is read and checked once, at the preview, and the apply
 * writes what the person saw. The images of the ZIP wait in the shared storage. Bounded in number per
 * person and in time (expired ones removed at each new preview); a preview is applied once: the apply
 * that deletes its row runs, a concurrent one finds it gone.
 */
export class ImportPreviews {
  constructor(
    private readonly dataSource: DataSource,
    private readonly storage: Storage,
    private readonly now: () => number = Date.now,
  ) {}

  private get repository() {
    return this.dataSource.getRepository(ImportPreviewRecord);
  }

  async put(preview: StoredPreview): Promise<string> {
    await this.removeExpired();
    const token = randomBytes(32).toString('base64url');
    const own = await this.repository.find({
      select: { token: true },
      where: { user_id: preview.userId },
      order: { created_at: 'DESC' },
    });
    await this.remove(own.slice(PREVIEW_MAX - 1).map((row) => row.token));
    const images: [string, StagedImage][] = [];
    let n = 0;
    for (const [key, { buffer, ...image }] of preview.images) {
      const path = `${STAGING}/${token}/${n++}.${image.extension}`;
      await this.storage.put(path, buffer);
      images.push([key, { ...image, path }]);
    }
    const payload: Payload = { rows: preview.rows, images };
    const now = this.now();
    await this.repository.insert({
      token,
      user_id: preview.userId,
      kind: preview.kind,
      file_name: preview.fileName,
      skipped: preview.skipped,
      payload: gzipSync(JSON.stringify(payload)).toString('base64'),
      created_at: new Date(now),
      expires_at: new Date(now + PREVIEW_TTL_MS),
    });
    return token;
  }

  /**
   * The preview of this person and kind, removed from the store; undefined when unknown, expired or
   * already taken (by a concurrent apply: only the one whose delete removed the row gets it).
   */
  async take(token: string, kind: string, userId: number): Promise<StoredPreview | undefined> {
    const record = await this.repository.findOne({ where: { token, kind, user_id: userId } });
    if (!record) return undefined;
    const taken = await this.repository.delete({ token });
    if (taken.affected !== 1) return undefined;
    if (record.expires_at.getTime() <= this.now()) {
      await this.discardFiles(token);
      return undefined;
    }
    const payload = JSON.parse(gunzipSync(Buffer.from(record.payload, 'base64')).toString('utf8')) as Payload;
    const images = new Map<string, CheckedImage>();
    for (const [key, { path, ...image }] of payload.images) images.set(key, { ...image, buffer: await this.storage.read(path) });
    return {
      kind: record.kind,
      userId: record.user_id,
      fileName: record.file_name,
      rows: payload.rows,
      skipped: record.skipped,
      images,
    };
  }

  /** The images a taken preview staged, once the apply no longer needs them. */
  async discardFiles(token: string): Promise<void> {
    const paths: string[] = [];
    for await (const file of this.storage.list(`${STAGING}/${token}/`)) paths.push(file.path);
    for (const path of paths) await this.storage.delete(path).catch(() => undefined);
  }

  private async removeExpired(): Promise<void> {
    const expired = await this.repository.find({
      select: { token: true },
      where: { expires_at: LessThanOrEqual(new Date(this.now())) },
    });
    await this.remove(expired.map((row) => row.token));
  }

  private async remove(tokens: string[]): Promise<void> {
    if (!tokens.length) return;
    await this.repository.delete({ token: In(tokens) });
    for (const token of tokens) await this.discardFiles(token);
  }
}
