import type { StaffArticleDetail } from '@comptoir/api/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useBlocker } from '@tanstack/react-router';
import { ImagePlus, RotateCw, ShieldX, TriangleAlert } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { isApiError } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useVersionGuard } from '../../lib/versioning';
import { Button, buttonClasses } from '../../ui/button';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { EmptyState } from '../../ui/empty-state';
import { FormAlert } from '../../ui/field';
import { Spinner } from '../../ui/spinner';
import { usePermissions } from '../auth/permissions';
import { articleQueryOptions } from '../articles/api';
import { ArticleSettings } from './article-settings';
import { draftIsStale, isSaveShortcut, previewUrl, storedDocument, type SideFields } from './article-editing';
import { EditorCanvas, type EditorCanvasHandle } from './editor-canvas';
import { EditorToolbar } from './editor-toolbar';
import { clearDraft, type LocalDraft } from './local-draft';
import { LocalDraftNotice } from './local-draft-notice';
import { MediaPickerDialog } from './media-picker-dialog';
import { useArticleSave } from './use-article-save';
import { useLocalDraft } from './use-local-draft';

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

/**
 * The editor itself: what it shows and how the parts meet. The rules are in article-editing.ts, the
 * save in use-article-save.ts, the local safety copy in use-local-draft.ts.
 */
function ArticleEditor({
  article,
  onReload,
}: {
  article: StaffArticleDetail | null;
  onReload?: (fresh: StaffArticleDetail) => void;
}) {
  const { user, can } = usePermissions();
  const canvas = useRef<EditorCanvasHandle>(null);
  const ids = useId();
  const [pickerOpen, setPickerOpen] = useState(false);
  // Unsaved changes: leaving the editor (a link, the back button, closing the tab) asks first.
  const dirty = useRef(false);
  const leavingRef = useRef(false);
  const blocker = useBlocker({
    shouldBlockFn: () => dirty.current && !leavingRef.current,
    enableBeforeUnload: () => dirty.current && !leavingRef.current,
    withResolver: true,
  });
  const [initialDocument, setInitialDocument] = useState(() => (article ? storedDocument(article) : undefined));
  const [canvasKey, setCanvasKey] = useState(0);
  const form = useForm<SideFields>({
    defaultValues: { title: article?.title ?? '', image_alt: article?.image_alt ?? '' },
  });
  const guard = useVersionGuard(article, (fresh) => {
    clearDraft(fresh.id, user?.id);
    dirty.current = false;
    onReload?.(fresh);
  });
  const [savedIdForDraft, setSavedIdForDraft] = useState<number | null>(article?.id ?? null);
  const draft = useLocalDraft({
    article,
    userId: user?.id,
    initialDocument,
    canvas,
    getValues: form.getValues,
    dirty,
    savedId: savedIdForDraft,
    version: guard.version,
  });
  const saver = useArticleSave({
    article,
    form,
    canvas,
    guard,
    dirty,
    leavingRef,
    onSaved: (previousId, savedId) => {
      draft.discardAfterSave(previousId, savedId);
      setSavedIdForDraft(savedId);
    },
  });
  const { savedId, saving } = saver;

  const markDirty = () => {
    dirty.current = true;
    draft.keep();
  };
  const restoreDraft = (offered: LocalDraft) => {
    // The draft's text started from base_version: saving it checks that version, never the one on screen.
    if (offered.base_version !== undefined) guard.startFrom(offered.base_version);
    form.reset({ title: offered.title, image_alt: offered.image_alt });
    setInitialDocument(offered.document);
    setCanvasKey((k) => k + 1);
    draft.dismissOffer();
    dirty.current = true;
  };

  // Ctrl/Cmd+S saves with the article's current status (a new article as a draft).
  const saveRef = useRef(saver.save);
  saveRef.current = saver.save;
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!isSaveShortcut(event)) return;
      event.preventDefault();
      void saveRef.current(saver.status ?? 'Brouillon');
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [saver.status]);

  const url = previewUrl(saver.storedSlug, form.watch('title'));
  // After a create, later saves update the article: they need the edit right.
  const canSave = savedId ? can('blog', 'edit') : can('blog', 'create');
  const busy = saving !== null;
  const disabled = busy || saver.leaving || !canSave;

  return (
    <div className="flex flex-col gap-3">
      <EditorToolbar
        editing={Boolean(savedId)}
        status={saver.status}
        saved={saver.saved}
        saving={saving}
        disabled={disabled}
        avatar={user?.image}
        onSave={(status) => void saver.save(status)}
      />

      {guard.notice}
      {draft.offered ? (
        <LocalDraftNotice
          draft={draft.offered}
          stale={draftIsStale(draft.offered, article)}
          onRestore={() => restoreDraft(draft.offered!)}
          onIgnore={draft.ignore}
        />
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
          {saver.contentError ? (
            <div className="px-2 pt-2">
              <FormAlert>{saver.contentError}</FormAlert>
            </div>
          ) : null}
          <div className="px-2 py-2 sm:px-4">
            <EditorCanvas
              key={canvasKey}
              ref={canvas}
              data={initialDocument}
              labelledBy={`${ids}-content`}
              onChange={() => {
                saver.clearContentError();
                markDirty();
              }}
            />
          </div>
        </section>

        <ArticleSettings
          ids={ids}
          register={form.register}
          errors={form.formState.errors}
          clearAltError={() => form.clearErrors('image_alt')}
          busy={busy}
          image={saver.image}
          url={url}
          addressFixed={Boolean(saver.storedSlug)}
          savedId={savedId}
          version={article?.updated_at}
          onChange={markDirty}
        />
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
