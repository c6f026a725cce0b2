import type { EditorDocumentData } from '@comptoir/api/contract';

/**
 * The editor keeps what is typed in this browser's localStorage as it goes, one draft
 * per article ("new" for an article not yet saved), so that a crash, a closed tab or an expired
 * session never loses an article. The draft is removed once the server has the text.
 */
export interface LocalDraft {
  title: string;
  image_alt: string;
  document: EditorDocumentData;
  /** When it was last written (ISO). */
  saved_at: string;
  /** The article's version the draft started from (undefined for a new article). */
  base_version?: number;
}

const PREFIX = 'comptoir:article-draft:';

const keyOf = (articleId: number | null, userId: number | undefined) => `${PREFIX}${userId ?? 'anon'}:${articleId ?? 'new'}`;

export function readDraft(articleId: number | null, userId: number | undefined): LocalDraft | null {
  try {
    const raw = window.localStorage.getItem(keyOf(articleId, userId));
    if (!raw) return null;
    const draft = JSON.parse(raw) as LocalDraft;
    return draft && typeof draft.title === 'string' && Array.isArray(draft.document?.blocks) ? draft : null;
  } catch {
    return null;
  }
}

export function writeDraft(articleId: number | null, userId: number | undefined, draft: LocalDraft): void {
  try {
    window.localStorage.setItem(keyOf(articleId, userId), JSON.stringify(draft));
  } catch {
    // Storage full or refused (private mode): the editor still works, only without the safety copy.
  }
}

export function clearDraft(articleId: number | null, userId: number | undefined): void {
  try {
    window.localStorage.removeItem(keyOf(articleId, userId));
  } catch {
    // Nothing to clear.
  }
}

/** Whether the draft says something the stored article does not (same title, alt and blocks: nothing to offer). */
export function draftDiffers(
  draft: LocalDraft,
  stored: { title: string; image_alt: string | null; document: EditorDocumentData | undefined } | null,
): boolean {
  if (!stored) return Boolean(draft.title.trim() || draft.document.blocks.length);
  const blocks = (doc: EditorDocumentData | undefined) =>
    JSON.stringify((doc?.blocks ?? []).map((b) => ({ type: b.type, data: b.data })));
  return (
    draft.title !== stored.title ||
    draft.image_alt !== (stored.image_alt ?? '') ||
    blocks(draft.document) !== blocks(stored.document)
  );
}
