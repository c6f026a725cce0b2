import type { EditorDocumentData, StaffArticleDetail } from '@comptoir/api/contract';
import { useEffect, useRef, useState, type RefObject } from 'react';
import { DRAFT_DELAY_MS, draftToOffer, type SideFields } from './article-editing';
import type { EditorCanvasHandle } from './editor-canvas';
import { clearDraft, readDraft, writeDraft, type LocalDraft } from './local-draft';

interface Options {
  article: StaffArticleDetail | null;
  userId: number | undefined;
  /** The document the editor opened with (compared with the draft before offering it). */
  initialDocument: EditorDocumentData | undefined;
  canvas: RefObject<EditorCanvasHandle | null>;
  getValues: () => SideFields;
  /** Whether something is typed and not saved (only then is a draft written). */
  dirty: RefObject<boolean>;
  /** The article's id once saved (a new article's draft is kept under "new" until then). */
  savedId: number | null;
  /** The version the text on screen started from. */
  version: number | undefined;
}

/**
 * The local safety copy of the article: offered when the editor opens on one the server does not
 * have, written DRAFT_DELAY_MS after typing pauses, and cancelled when a save reaches the server.
 */
export function useLocalDraft({ article, userId, initialDocument, canvas, getValues, dirty, savedId, version }: Options) {
  const [offered, setOffered] = useState<LocalDraft | null>(() =>
    draftToOffer(readDraft(article?.id ?? null, userId), article, initialDocument),
  );
  const timer = useRef<number | undefined>(undefined);
  // Read when the timer fires: the latest id and version, not those of the keystroke.
  const latest = useRef({ savedId, version });
  latest.current = { savedId, version };

  useEffect(() => () => window.clearTimeout(timer.current), []);

  const keep = () => {
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => {
      void (async () => {
        let document;
        try {
          document = await canvas.current?.save();
        } catch {
          return;
        }
        if (!document || !dirty.current) return;
        const values = getValues();
        writeDraft(latest.current.savedId, userId, {
          title: values.title,
          image_alt: values.image_alt,
          document: document as EditorDocumentData,
          saved_at: new Date().toISOString(),
          base_version: latest.current.version,
        });
      })();
    }, DRAFT_DELAY_MS);
  };

  /** The server has the text: the pending write is cancelled and the copies (before and after a create) go. */
  const discardAfterSave = (previousId: number | null, savedArticleId: number) => {
    window.clearTimeout(timer.current);
    clearDraft(previousId, userId);
    clearDraft(savedArticleId, userId);
  };

  const ignore = () => {
    clearDraft(article?.id ?? null, userId);
    setOffered(null);
  };

  return { offered, dismissOffer: () => setOffered(null), keep, discardAfterSave, ignore };
}
