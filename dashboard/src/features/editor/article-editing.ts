import type { ArticleStatus, EditorDocumentData, StaffArticleDetail } from '@comptoir/api/contract';
import { slugify } from '@comptoir/api/slug';
import { isApiError } from '../../lib/api';
import { htmlToBlocks } from './html-to-blocks';
import { draftDiffers, type LocalDraft } from './local-draft';
import { articleUrl } from './slug';

/**
 * The article editor's rules without React: which document it opens, which local draft it offers,
 * the address it previews, what a save sends and how a refused save is shown. The editor page
 * (editor-page.tsx) and its hooks only wire these to the screen.
 */

/** Spec section 9: article save notices last 1.7 s; back to the list 5 s after a create, 2 s after an update. */
export const SAVE_NOTICE_MS = 1700;
export const REDIRECT_AFTER_CREATE_MS = 5000;
export const REDIRECT_AFTER_UPDATE_MS = 2000;
/** "Sauvegardé" shows for 4 s after a successful save. */
export const SAVED_INDICATOR_MS = 4000;
/** How long typing pauses before the local draft is written. */
export const DRAFT_DELAY_MS = 400;

export const CREATED_MESSAGES: Record<ArticleStatus, string> = {
  Publié: 'Article publié',
  Brouillon: 'Article enregistré en brouillon.',
  Corbeille: 'Article déplacé dans la corbeille.',
};

export const EDITOR_TEXTS = {
  imageRequired: 'Une image est requise.',
  titleRequired: 'Le titre est requis.',
  notReady: "L'éditeur n'est pas encore prêt. Patientez un instant puis réessayez.",
  updateFailed: 'Erreur lors de la mise à jour.',
  createFailed: "Erreur lors de la création de l'article.",
  network: 'Erreur de connexion au serveur.',
} as const;

/** The fields beside the canvas (react-hook-form's values). */
export interface SideFields {
  title: string;
  image_alt: string;
}

/** The editor's stored document (an object, or its JSON text), else blocks recovered from the HTML. */
export function storedDocument(article: Pick<StaffArticleDetail, 'content' | 'content_json'>): EditorDocumentData | undefined {
  const raw: unknown = article.content_json;
  if (raw && typeof raw === 'object' && Array.isArray((raw as EditorDocumentData).blocks)) return raw as EditorDocumentData;
  if (typeof raw === 'string' && raw.trim()) {
    try {
      const parsed = JSON.parse(raw) as EditorDocumentData;
      if (Array.isArray(parsed?.blocks)) return parsed;
    } catch {
      // Not JSON: fall back to the HTML.
    }
  }
  return article.content ? htmlToBlocks(article.content) : undefined;
}

/** The local draft worth offering when the editor opens: one that says something the server does not have. */
export function draftToOffer(
  draft: LocalDraft | null,
  article: Pick<StaffArticleDetail, 'title' | 'image_alt'> | null,
  document: EditorDocumentData | undefined,
): LocalDraft | null {
  if (!draft) return null;
  const stored = article ? { title: article.title, image_alt: article.image_alt, document } : null;
  return draftDiffers(draft, stored) ? draft : null;
}

/** Whether the draft started before the article's last save (restoring it then asks which version to keep). */
export function draftIsStale(draft: LocalDraft, article: Pick<StaffArticleDetail, 'version'> | null): boolean {
  return Boolean(article && draft.base_version !== undefined && draft.base_version < article.version);
}

/** The public address shown: the stored slug, else the title's with the server's own rule ("-2"… added there). */
export function previewUrl(storedSlug: string | null, title: string | undefined): string {
  const slug = storedSlug ?? (title?.trim() ? slugify(title) : '');
  return slug ? articleUrl(slug) : '';
}

/** The save's fields (sent as multipart by the caller): the document as JSON, the version only on an update. */
export function articleFields(
  values: SideFields,
  document: EditorDocumentData,
  status: ArticleStatus,
  image: File | null,
  version: number | undefined,
) {
  return {
    title: values.title.trim(),
    content: JSON.stringify(document),
    status,
    image_alt: values.image_alt.trim(),
    image: image ?? undefined,
    version,
  };
}

/** Where a refused save's messages go: the side fields, the cover image, or above the canvas. */
export interface SaveErrors {
  fields: Partial<Record<keyof SideFields, string>>;
  image?: string;
  content?: string;
}

export function saveErrors(error: unknown): SaveErrors {
  const found: SaveErrors = { fields: {} };
  if (!isApiError(error) || error.isNetworkError) return found;
  for (const field of ['title', 'image_alt'] as const) {
    const message = error.fieldError(field);
    if (message) found.fields[field] = message;
  }
  found.image = error.fieldError('image');
  found.content = error.fieldError('content') ?? error.fieldError('status');
  return found;
}

/** Ctrl+S or Cmd+S: the editor's save key. */
export function isSaveShortcut(event: Pick<KeyboardEvent, 'ctrlKey' | 'metaKey' | 'key'>): boolean {
  return (event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 's';
}
