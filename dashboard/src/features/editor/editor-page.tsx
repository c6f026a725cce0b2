import type { ArticleStatus, EditorDocumentData, StaffArticleDetail } from '@comptoir/api/contract';
import { formatLongDateTime } from '@comptoir/api/dates';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useBlocker, useNavigate } from '@tanstack/react-router';
import { Check, Copy, ImagePlus, RotateCw, Send, ShieldX, Trash2, TriangleAlert, X } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { errorText, isApiError, toFormData } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useVersionGuard } from '../../lib/versioning';
import { Avatar } from '../../ui/avatar';
import { Badge } from '../../ui/badge';
import { Button, buttonClasses } from '../../ui/button';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { EmptyState } from '../../ui/empty-state';
import { Field, FormAlert } from '../../ui/field';
import { FileDrop } from '../../ui/file-drop';
import { Input } from '../../ui/input';
import { notifyError, notifySuccess } from '../../ui/notify';
import { Spinner } from '../../ui/spinner';
import { usePermissions } from '../auth/permissions';
import { articleQueryOptions } from '../articles/api';
import { ARTICLE_STATUS_TONE } from '../articles/status';
import { PublishingIndicator } from '../publishing/publishing-indicator';
import { createArticle, updateArticle } from './api';
import { EditorCanvas, type EditorCanvasHandle } from './editor-canvas';
import { htmlToBlocks } from './html-to-blocks';
import { clearDraft, draftDiffers, readDraft, writeDraft, type LocalDraft } from './local-draft';
import { MediaPickerDialog } from './media-picker-dialog';
import { slugify } from '@comptoir/api/slug';
import { articleUrl } from './slug';
import { HistoryPanel } from '../audit/history-panel';

/** Spec section 9: article save notices last 1.7 s; back to the list 5 s after a create, 2 s after an update. */
const SAVE_NOTICE_MS = 1700;
const REDIRECT_AFTER_CREATE_MS = 5000;
const REDIRECT_AFTER_UPDATE_MS = 2000;
/** "Sauvegardé" shows for 4 s after a successful save. */
const SAVED_INDICATOR_MS = 4000;

const CREATED_MESSAGES: Record<ArticleStatus, string> = {
  Publié: 'Article publié',
  Brouillon: 'Article enregistré en brouillon.',
  Corbeille: 'Article déplacé dans la corbeille.',
};

/** /dashboard/ecrire-article (create) and /dashboard/ecrire-article/{id} (edit). */
export function EditorPage({ articleId }: { articleId?: number }) {
  useDocumentTitle(articleId ? "Modifier l'article" : 'Écrire un article');
  const { can } = usePermissions();
  if (!can('blog', articleId ? 'edit' : 'create')) {
    return (
      <div className="rounded-lg border border-line bg-surface shadow-card">
        <EmptyState icon={<ShieldX />} message="Vous n'avez pas accès à cette page." />
      </div>
    );
  }
  return articleId ? <ExistingArticle id={articleId} /> : <ArticleEditor article={null} />;
}

function ExistingArticle({ id }: { id: number }) {
  const query = useQuery(articleQueryOptions(id));
  const queryClient = useQueryClient();
  // "Recharger sa version" after a stale save: the editor starts again from the other person's article.
  const [generation, setGeneration] = useState(0);
  if (query.isPending) {
    return (
      <div className="flex justify-center py-8 text-brand-700">
        <Spinner size="lg" label="Chargement de l'article…" />
      </div>
    );
  }
  if (query.isError) {
    const notFound = isApiError(query.error) && query.error.status === 404;
    return (
      <div className="rounded-lg border border-line bg-surface shadow-card">
        <EmptyState
          icon={<TriangleAlert />}
          message={notFound ? 'Article introuvable.' : "Erreur lors du chargement de l'article."}
          action={
            <div className="flex gap-1">
              {!notFound ? (
                <Button
                  variant="secondary"
                  size="sm"
                  icon={<RotateCw className="size-2" aria-hidden="true" />}
                  onClick={() => void query.refetch()}
                >
                  Réessayer
                </Button>
              ) : null}
              <Link to="/articles" className={buttonClasses('secondary', 'sm')}>
                Retour aux articles
              </Link>
            </div>
          }
        />
      </div>
    );
  }
  return (
    <ArticleEditor
      key={`${query.data.id}-${generation}`}
      article={query.data}
      onReload={(fresh) => {
        queryClient.setQueryData(queryKeys.articles.detail(fresh.id), fresh);
        setGeneration((g) => g + 1);
      }}
    />
  );
}

/** The editor's stored document (an object, or its JSON text), else blocks recovered from the HTML. */
function storedDocument(article: StaffArticleDetail): EditorDocumentData | undefined {
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

interface SideFields {
  title: string;
  image_alt: string;
}

/** How long typing pauses before the local draft is written. */
const DRAFT_DELAY_MS = 400;

function ArticleEditor({
  article,
  onReload,
}: {
  article: StaffArticleDetail | null;
  onReload?: (fresh: StaffArticleDetail) => void;
}) {
  const { user, can } = usePermissions();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const canvas = useRef<EditorCanvasHandle>(null);
  const ids = useId();
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
  const [pickerOpen, setPickerOpen] = useState(false);
  // Unsaved changes: leaving the editor (a link, the back button, closing the tab) asks first.
  const dirty = useRef(false);
  const leavingRef = useRef(false);
  const markDirty = () => {
    dirty.current = true;
    keepDraft();
  };
  const blocker = useBlocker({
    shouldBlockFn: () => dirty.current && !leavingRef.current,
    enableBeforeUnload: () => dirty.current && !leavingRef.current,
    withResolver: true,
  });
  const savedTimer = useRef<number | undefined>(undefined);
  const redirectTimer = useRef<number | undefined>(undefined);
  const [initialDocument, setInitialDocument] = useState(() => (article ? storedDocument(article) : undefined));
  const [canvasKey, setCanvasKey] = useState(0);

  const {
    register,
    handleSubmit,
    setError,
    clearErrors,
    watch,
    reset,
    getValues,
    formState: { errors },
  } = useForm<SideFields>({
    defaultValues: { title: article?.title ?? '', image_alt: article?.image_alt ?? '' },
  });

  const guard = useVersionGuard(article, (fresh) => {
    clearDraft(fresh.id, user?.id);
    dirty.current = false;
    onReload?.(fresh);
  });

  // The local draft: offered when the editor opens on one the server does not have, written as the user types.
  const [offeredDraft, setOfferedDraft] = useState<LocalDraft | null>(() => {
    const draft = readDraft(article?.id ?? null, user?.id);
    if (!draft) return null;
    const stored = article ? { title: article.title, image_alt: article.image_alt, document: initialDocument } : null;
    return draftDiffers(draft, stored) ? draft : null;
  });
  const draftTimer = useRef<number | undefined>(undefined);
  const savedIdRef = useRef(savedId);
  savedIdRef.current = savedId;
  const versionRef = useRef(guard.version);
  versionRef.current = guard.version;
  const keepDraft = () => {
    window.clearTimeout(draftTimer.current);
    draftTimer.current = window.setTimeout(() => {
      void (async () => {
        let document;
        try {
          document = await canvas.current?.save();
        } catch {
          return;
        }
        if (!document || !dirty.current) return;
        const values = getValues();
        writeDraft(savedIdRef.current, user?.id, {
          title: values.title,
          image_alt: values.image_alt,
          document: document as EditorDocumentData,
          saved_at: new Date().toISOString(),
          base_version: versionRef.current,
        });
      })();
    }, DRAFT_DELAY_MS);
  };
  const restoreDraft = (draft: LocalDraft) => {
    // The draft's text started from base_version: saving it checks that version, never the one on screen.
    if (draft.base_version !== undefined) guard.startFrom(draft.base_version);
    reset({ title: draft.title, image_alt: draft.image_alt });
    setInitialDocument(draft.document);
    setCanvasKey((k) => k + 1);
    setOfferedDraft(null);
    dirty.current = true;
  };

  useEffect(
    () => () => {
      window.clearTimeout(savedTimer.current);
      window.clearTimeout(redirectTimer.current);
      window.clearTimeout(draftTimer.current);
    },
    [],
  );

  const title = watch('title');
  // Previewed with the server's own rule; the server adds "-2", "-3"… when the address is taken.
  const slug = storedSlug ?? (title?.trim() ? slugify(title) : '');
  const url = slug ? articleUrl(slug) : '';
  const hasImage = Boolean(newImage || storedImage);
  // After a create, later saves update the article: they need the edit right.
  const canSave = savedId ? can('blog', 'edit') : can('blog', 'create');

  const save = (nextStatus: ArticleStatus) =>
    handleSubmit(
      async (values) => {
        if (saving) return;
        if (!hasImage) {
          setImageError('Une image est requise.');
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
          setContentError("L'éditeur n'est pas encore prêt. Patientez un instant puis réessayez.");
          return;
        }
        const form = toFormData(
          {
            title: values.title.trim(),
            content: JSON.stringify(document),
            status: nextStatus,
            image_alt: values.image_alt.trim(),
            image: newImage ?? undefined,
            version: savedId ? guard.version : undefined,
          },
          savedId ? 'PUT' : undefined,
        );
        window.clearTimeout(savedTimer.current);
        try {
          const answer = savedId ? await updateArticle(savedId, form) : await createArticle(form);
          const wasCreate = !savedId;
          // The server has the text: the local safety copy goes.
          window.clearTimeout(draftTimer.current);
          clearDraft(savedId, user?.id);
          clearDraft(answer.blog.id, user?.id);
          guard.saved(answer.blog);
          setSavedId(answer.blog.id);
          setStoredSlug(answer.blog.slug);
          setStoredImage(answer.blog.image);
          setStatus(answer.blog.status);
          setNewImage(null);
          dirty.current = false;
          leavingRef.current = true;
          setSaved(true);
          savedTimer.current = window.setTimeout(() => setSaved(false), SAVED_INDICATOR_MS);
          queryClient.setQueryData(queryKeys.articles.detail(answer.blog.id), answer.blog);
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
        } catch (error) {
          setSaved(false);
          if (guard.catchConflict(error)) return;
          const fallback = savedId ? 'Erreur lors de la mise à jour.' : "Erreur lors de la création de l'article.";
          if (isApiError(error) && !error.isNetworkError) {
            let first = true;
            for (const field of ['title', 'image_alt'] as const) {
              const message = error.fieldError(field);
              if (message) {
                setError(field, { type: 'server', message }, { shouldFocus: first });
                first = false;
              }
            }
            const image = error.fieldError('image');
            if (image) setImageError(image);
            const content = error.fieldError('content') ?? error.fieldError('status');
            if (content) setContentError(content);
          }
          notifyError(fallback, errorText(error, '', 'Erreur de connexion au serveur.') || undefined);
        } finally {
          setSaving(null);
        }
      },
      () => {
        if (!hasImage) setImageError('Une image est requise.');
      },
    )();

  // Ctrl/Cmd+S saves with the article's current status (a new article as a draft).
  const saveRef = useRef(save);
  saveRef.current = save;
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 's') {
        event.preventDefault();
        void saveRef.current(status ?? 'Brouillon');
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [status]);

  const copyUrl = async () => {
    try {
      await navigator.clipboard.writeText(url);
      notifySuccess('URL copiée avec succès !');
    } catch {
      const field = document.getElementById(`${ids}-url`) as HTMLInputElement | null;
      field?.select();
      const ok = typeof document.execCommand === 'function' && document.execCommand('copy');
      if (ok) notifySuccess('URL copiée avec succès !');
      else notifyError("Impossible de copier l'URL.", 'Sélectionnez-la et copiez-la avec Ctrl+C.');
    }
  };

  const busy = saving !== null;
  const disabled = busy || leaving || !canSave;

  return (
    <div className="flex flex-col gap-3">
      <div
        className="z-20 -mx-2 -mt-3 md:sticky md:top-8 flex flex-wrap items-center gap-1 border-b border-line bg-surface/95 px-2 py-1 backdrop-blur sm:-mx-3 sm:px-3 lg:-mx-4 lg:px-4"
        role="toolbar"
        aria-label="Actions de l'article"
      >
        <Link to="/articles" className={buttonClasses('secondary', 'sm')}>
          <X className="size-2" aria-hidden="true" />
          Fermer
        </Link>
        <h1 className="ml-0.5 min-w-0 truncate text-base font-semibold text-ink">
          {savedId ? "Modifier l'article" : 'Écrire un article'}
        </h1>
        {status ? <Badge tone={ARTICLE_STATUS_TONE[status]}>{status}</Badge> : null}
        <span className="min-w-0 flex-1" />
        <span role="status" aria-live="polite" className="inline-flex items-center gap-0.5 text-sm font-medium text-success">
          {saved ? (
            <>
              <Check className="size-2" aria-hidden="true" />
              Sauvegardé
            </>
          ) : null}
        </span>
        <PublishingIndicator />
        <Button
          variant="ghost"
          size="icon"
          className="text-danger hover:bg-danger-soft hover:text-danger"
          aria-label="Mettre à la corbeille"
          title="Mettre à la corbeille"
          loading={saving === 'Corbeille'}
          disabled={disabled}
          onClick={() => void save('Corbeille')}
        >
          {saving === 'Corbeille' ? null : <Trash2 className="size-2" aria-hidden="true" />}
        </Button>
        <Button variant="secondary" loading={saving === 'Brouillon'} disabled={disabled} onClick={() => void save('Brouillon')}>
          Brouillon
        </Button>
        <Button
          variant="accent"
          loading={saving === 'Publié'}
          disabled={disabled}
          icon={<Send className="size-2" aria-hidden="true" />}
          onClick={() => void save('Publié')}
        >
          Publier
        </Button>
        <Link
          to="/administration/profile"
          className="ml-0.5 rounded-full focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-accent-500"
          aria-label="Mon profil"
          title="Mon profil"
        >
          <Avatar src={user?.image} size="sm" />
        </Link>
      </div>

      {guard.notice}
      {offeredDraft ? (
        <div
          role="alert"
          className="rounded-md border border-line bg-surface-muted p-1.5 text-sm text-ink"
          data-testid="local-draft"
        >
          <p>
            Une version non enregistrée de cet article est conservée dans ce navigateur (
            {formatLongDateTime(offeredDraft.saved_at)}).
          </p>
          {article && offeredDraft.base_version !== undefined && offeredDraft.base_version < article.version ? (
            <p className="mt-0.5" data-testid="local-draft-stale">
              L’article a été enregistré depuis ce brouillon : si vous le restaurez, l’enregistrement vous demandera quelle
              version garder.
            </p>
          ) : null}
          <div className="mt-1 flex flex-wrap gap-1">
            <Button size="sm" variant="secondary" onClick={() => restoreDraft(offeredDraft)}>
              Restaurer ce brouillon
            </Button>
            <Button
              size="sm"
              variant="ghost"
              onClick={() => {
                clearDraft(article?.id ?? null, user?.id);
                setOfferedDraft(null);
              }}
            >
              Ignorer
            </Button>
          </div>
        </div>
      ) : null}

      <div className="grid items-start gap-3 lg:grid-cols-[minmax(0,1fr)_340px]">
        <section
          className="order-2 rounded-lg border border-line bg-surface shadow-card lg:order-1"
          aria-labelledby={`${ids}-content`}
        >
          <div className="flex flex-wrap items-center justify-between gap-1 border-b border-line px-2 py-1">
            <h2 id={`${ids}-content`} className="text-sm font-semibold text-ink">
              Contenu de l'article
            </h2>
            <Button
              variant="secondary"
              size="sm"
              icon={<ImagePlus className="size-2" aria-hidden="true" />}
              onClick={() => setPickerOpen(true)}
              disabled={disabled}
            >
              Médiathèque
            </Button>
          </div>
          {contentError ? (
            <div className="px-2 pt-2">
              <FormAlert>{contentError}</FormAlert>
            </div>
          ) : null}
          <div className="px-2 py-2 sm:px-4">
            <EditorCanvas
              key={canvasKey}
              ref={canvas}
              data={initialDocument}
              labelledBy={`${ids}-content`}
              onChange={() => {
                setContentError(null);
                markDirty();
              }}
            />
          </div>
        </section>

        <aside
          className="order-1 flex flex-col gap-2 rounded-lg border border-line bg-surface p-2 shadow-card lg:sticky lg:top-16 lg:order-2"
          aria-label="Réglages de l'article"
        >
          <Field id={`${ids}-title`} label="Titre de l'article" error={errors.title?.message} required>
            <Input
              placeholder="Le titre de votre article"
              disabled={busy}
              {...register('title', { validate: (v) => (v.trim() ? true : 'Le titre est requis.'), onChange: markDirty })}
            />
          </Field>
          <Field id={`${ids}-image`} label="Image de couverture" error={imageError ?? undefined} required>
            <FileDrop
              layout="cover"
              value={newImage}
              currentImage={storedImage}
              onChange={(file) => {
                setNewImage(file);
                setImageError(null);
                markDirty();
              }}
              onClearCurrent={() => {
                setNewImage(null);
                setStoredImage(null);
                markDirty();
              }}
              onReject={(message) => {
                setNewImage(null);
                setImageError(message);
              }}
              disabled={busy}
            />
          </Field>
          <Field
            id={`${ids}-alt`}
            label="Texte alternatif de l'image"
            hint="Décrit l'image pour les lecteurs d'écran et les moteurs de recherche."
            error={errors.image_alt?.message}
          >
            <Input
              placeholder="Ex. : Groupe électrogène de 20 kVA"
              disabled={busy}
              {...register('image_alt', {
                onChange: () => {
                  clearErrors('image_alt');
                  markDirty();
                },
              })}
            />
          </Field>
          <Field
            id={`${ids}-url`}
            label="URL de l'article"
            hint={storedSlug ? undefined : "L'adresse définitive est fixée au premier enregistrement."}
          >
            {(control) => (
              <div className="flex gap-0.5">
                <Input
                  {...control}
                  readOnly
                  value={url}
                  className="font-mono text-xs"
                  onFocus={(event) => event.currentTarget.select()}
                />
                <Button
                  variant="secondary"
                  icon={<Copy className="size-2" aria-hidden="true" />}
                  onClick={() => void copyUrl()}
                  disabled={!url}
                >
                  copier
                </Button>
              </div>
            )}
          </Field>
          {savedId ? <HistoryPanel entity="article" id={savedId} version={article?.updated_at} /> : null}
        </aside>
      </div>

      {blocker.status === 'blocked' ? (
        <ConfirmDialog
          open
          onOpenChange={(open) => (!open ? blocker.reset() : undefined)}
          onConfirm={() => blocker.proceed()}
          title="Quitter sans enregistrer ?"
          message="Les modifications de cet article ne sont pas enregistrées. Elles seront perdues si vous quittez l'éditeur."
          confirmLabel="Quitter sans enregistrer"
          cancelLabel="Rester"
        />
      ) : null}
      {pickerOpen ? (
        <MediaPickerDialog
          onClose={() => setPickerOpen(false)}
          onInsert={(location, size) => {
            canvas.current?.insertImage(location, size);
            setPickerOpen(false);
          }}
        />
      ) : null}
    </div>
  );
}
