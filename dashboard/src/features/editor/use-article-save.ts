import type { ArticleStatus, StaffArticleDetail } from '@comptoir/api/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useRef, useState, type RefObject } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { toast } from 'sonner';
import { errorText, toFormData } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';
import type { VersionGuard } from '../../lib/versioning';
import { notifyError } from '../../ui/notify';
import { createArticle, updateArticle } from './api';
import {
  CREATED_MESSAGES,
  EDITOR_TEXTS,
  REDIRECT_AFTER_CREATE_MS,
  REDIRECT_AFTER_UPDATE_MS,
  SAVED_INDICATOR_MS,
  SAVE_NOTICE_MS,
  articleFields,
  saveErrors,
  type SideFields,
} from './article-editing';
import type { EditorCanvasHandle } from './editor-canvas';

interface Options {
  article: StaffArticleDetail | null;
  form: Pick<UseFormReturn<SideFields>, 'handleSubmit' | 'setError'>;
  canvas: RefObject<EditorCanvasHandle | null>;
  guard: VersionGuard<StaffArticleDetail>;
  /** Unsaved changes; cleared by a save. */
  dirty: RefObject<boolean>;
  /** Set once saved: leaving for the list no longer asks. */
  leavingRef: RefObject<boolean>;
  /** The server has the text: the local draft of the article (and of the new one) goes. */
  onSaved: (previousId: number | null, savedId: number) => void;
}

/**
 * Saving the article with a status (Publié, Brouillon, Corbeille): the cover image is required, the
 * canvas's document is read, the version checked, then « Sauvegardé », the notice and the way back to
 * the list; a refusal puts each message by its field. Holds what the server has: id, slug, status, image.
 */
export function useArticleSave({ article, form, canvas, guard, dirty, leavingRef, onSaved }: Options) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [savedId, setSavedId] = useState<number | null>(article?.id ?? null);
  const [storedSlug, setStoredSlug] = useState<string | null>(article?.slug ?? null);
  const [status, setStatus] = useState<ArticleStatus | null>(article?.status ?? null);
  const [storedImage, setStoredImage] = useState<string | null>(article?.image ?? null);
  const [newImage, setNewImage] = useState<File | null>(null);
  const [imageError, setImageError] = useState<string | null>(null);
  const [contentError, setContentError] = useState<string | null>(null);
  const [saving, setSaving] = useState<ArticleStatus | null>(null);
  const [saved, setSaved] = useState(false);
  const [leaving, setLeaving] = useState(false);
  const savedTimer = useRef<number | undefined>(undefined);
  const redirectTimer = useRef<number | undefined>(undefined);
  const hasImage = Boolean(newImage || storedImage);

  useEffect(
    () => () => {
      window.clearTimeout(savedTimer.current);
      window.clearTimeout(redirectTimer.current);
    },
    [],
  );

  const showRefusal = (error: unknown) => {
    const found = saveErrors(error);
    let first = true;
    for (const [field, message] of Object.entries(found.fields) as [keyof SideFields, string][]) {
      form.setError(field, { type: 'server', message }, { shouldFocus: first });
      first = false;
    }
    if (found.image) setImageError(found.image);
    if (found.content) setContentError(found.content);
    const fallback = savedId ? EDITOR_TEXTS.updateFailed : EDITOR_TEXTS.createFailed;
    notifyError(fallback, errorText(error, '', EDITOR_TEXTS.network) || undefined);
  };

  const afterSave = (answer: StaffArticleDetail, nextStatus: ArticleStatus, wasCreate: boolean) => {
    onSaved(savedId, answer.id);
    guard.saved(answer);
    setSavedId(answer.id);
    setStoredSlug(answer.slug);
    setStoredImage(answer.image);
    setStatus(answer.status);
    setNewImage(null);
    dirty.current = false;
    leavingRef.current = true;
    setSaved(true);
    savedTimer.current = window.setTimeout(() => setSaved(false), SAVED_INDICATOR_MS);
    queryClient.setQueryData(queryKeys.articles.detail(answer.id), answer);
    void Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.articles.all }),
      queryClient.invalidateQueries({ queryKey: queryKeys.summary }),
      queryClient.invalidateQueries({ queryKey: queryKeys.publishingStatus }),
      queryClient.invalidateQueries({ queryKey: queryKeys.media.all }),
    ]);
    if (nextStatus === 'Corbeille') toast.warning(CREATED_MESSAGES.Corbeille, { duration: SAVE_NOTICE_MS });
    else toast.success(wasCreate ? CREATED_MESSAGES[nextStatus] : 'Article mis à jour.', { duration: SAVE_NOTICE_MS });
    setLeaving(true);
    window.clearTimeout(redirectTimer.current);
    redirectTimer.current = window.setTimeout(
      () => void navigate({ to: '/articles' }),
      wasCreate ? REDIRECT_AFTER_CREATE_MS : REDIRECT_AFTER_UPDATE_MS,
    );
  };

  const save = (nextStatus: ArticleStatus) =>
    form.handleSubmit(
      async (values) => {
        if (saving) return;
        if (!hasImage) {
          setImageError(EDITOR_TEXTS.imageRequired);
          return;
        }
        setContentError(null);
        setSaving(nextStatus);
        let document;
        try {
          document = await canvas.current?.save();
        } catch {
          document = undefined;
        }
        if (!document) {
          setSaving(null);
          setContentError(EDITOR_TEXTS.notReady);
          return;
        }
        const fields = articleFields(values, document, nextStatus, newImage, savedId ? guard.version : undefined);
        const body = toFormData(fields, savedId ? 'PUT' : undefined);
        window.clearTimeout(savedTimer.current);
        try {
          const answer = savedId ? await updateArticle(savedId, body) : await createArticle(body);
          afterSave(answer.blog, nextStatus, !savedId);
        } catch (error) {
          setSaved(false);
          if (guard.catchConflict(error)) return;
          showRefusal(error);
        } finally {
          setSaving(null);
        }
      },
      () => {
        if (!hasImage) setImageError(EDITOR_TEXTS.imageRequired);
      },
    )();

  const image = {
    stored: storedImage,
    chosen: newImage,
    error: imageError,
    choose: (file: File | null) => {
      setNewImage(file);
      setImageError(null);
    },
    clearStored: () => {
      setNewImage(null);
      setStoredImage(null);
    },
    reject: (message: string) => {
      setNewImage(null);
      setImageError(message);
    },
  };

  return {
    savedId,
    storedSlug,
    status,
    image,
    contentError,
    clearContentError: () => setContentError(null),
    saving,
    saved,
    leaving,
    save,
  };
}
