import { randomUUID } from 'node:crypto';
import type { CheckedImage } from '../media/upload-policy.js';
import type { PreparedRow } from './import-kind.js';

/** How long a preview can be applied, and how many are kept at once (the oldest goes first). */
export const PREVIEW_TTL_MS = 30 * 60 * 1000;
export const PREVIEW_MAX = 20;

export interface StoredPreview {
  kind: string;
  userId: number;
  fileName: string;
  rows: PreparedRow<unknown>[];
  /** Rows in error, left out. */
  skipped: number;
  images: Map<string, CheckedImage>;
  expiresAt: number;
}

/**
 * The previews waiting to be applied, in this process's memory, by token: the file is read and
 * checked once, at the preview, and « Appliquer » writes what the person saw. Bounded in number and
 * time; a preview is applied once (taken out). Behind several API processes the apply must reach the
 * process that made the preview (sticky sessions), or the person is asked to send the file again.
 */
export class ImportPreviews {
  private readonly previews = new Map<string, StoredPreview>();

  constructor(private readonly now: () => number = Date.now) {}

  put(preview: Omit<StoredPreview, 'expiresAt'>): string {
    this.sweep();
    while (this.previews.size >= PREVIEW_MAX) this.previews.delete(this.previews.keys().next().value!);
    const token = randomUUID();
    this.previews.set(token, { ...preview, expiresAt: this.now() + PREVIEW_TTL_MS });
    return token;
  }

  /** The preview of this person and kind, removed from the store; undefined when unknown or expired. */
  take(token: string, kind: string, userId: number): StoredPreview | undefined {
    this.sweep();
    const preview = this.previews.get(token);
    if (!preview || preview.kind !== kind || preview.userId !== userId) return undefined;
    this.previews.delete(token);
    return preview;
  }

  private sweep(): void {
    const now = this.now();
    for (const [token, preview] of this.previews) if (preview.expiresAt <= now) this.previews.delete(token);
  }
}
