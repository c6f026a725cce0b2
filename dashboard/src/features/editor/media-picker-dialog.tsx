import type { MediaItem } from '@comptoir/api/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Check, RotateCw, Trash2, TriangleAlert } from 'lucide-react';
import { useState } from 'react';
import { errorText, isApiError } from '../../lib/api';
import { cn } from '../../lib/cn';
import { formatDate } from '../../lib/format';
import { queryKeys } from '../../lib/query-keys';
import { Button } from '../../ui/button';
import { useConfirm } from '../../ui/confirm-dialog';
import { Dialog } from '../../ui/dialog';
import { EmptyState } from '../../ui/empty-state';
import { FileDrop } from '../../ui/file-drop';
import { notifyError, notifySuccess } from '../../ui/notify';
import { Pagination } from '../../ui/pagination';
import { SearchInput } from '../../ui/search-input';
import { Spinner } from '../../ui/spinner';
import { usePermissions } from '../auth/permissions';
import { deleteMedia, mediaQueryOptions, uploadMedia } from './api';
import { StoredImage } from '../products/stored-image';

export const UPLOAD_FAILED = "Erreur lors de l'upload";

/**
 * The media picker of the article editor: the images already uploaded (GET /api/media, paged,
 * searchable by file name) and an upload zone (POST /api/upload-media). Choosing an image and
 * "Insérer l'image" (or a double click) adds an image block to the article.
 */
export function MediaPickerDialog({
  onInsert,
  onClose,
}: {
  /** `size`: the file's pixels, kept in the image block so the public page reserves its place. */
  onInsert: (url: string, size?: { width: number | null; height: number | null }) => void;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const [selected, setSelected] = useState<MediaItem | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const list = useQuery(mediaQueryOptions({ page, search }));
  const { can } = usePermissions();
  const confirm = useConfirm();
  const media = list.data?.media;

  const upload = async (file: File | null) => {
    if (!file) return;
    setUploadError(null);
    setProgress(0);
    try {
      const answer = await uploadMedia(file, setProgress);
      notifySuccess('Image ajoutée à la médiathèque.');
      setSelected(answer.media ?? null);
      setPage(1);
      setSearch('');
      await queryClient.invalidateQueries({ queryKey: queryKeys.media.all });
      if (!answer.media && answer.location) onInsert(answer.location);
    } catch (error) {
      const detail = isApiError(error) ? (error.fieldError('file') ?? error.serverMessage) : undefined;
      setUploadError(detail ?? UPLOAD_FAILED);
      notifyError(UPLOAD_FAILED, detail);
    } finally {
      setProgress(null);
    }
  };

  // Removed from the library (the journal records it); refused while an article shows the image.
  const remove = async (item: MediaItem) => {
    await confirm({
      title: "Supprimer l'image ?",
      message: `« ${item.original_name} » sera retirée de la médiathèque.`,
      confirmLabel: 'Supprimer',
      tone: 'danger',
      action: async () => {
        try {
          await deleteMedia(item.id);
          notifySuccess('Image supprimée avec succès.');
          setSelected(null);
          await queryClient.invalidateQueries({ queryKey: queryKeys.media.all });
        } catch (error) {
          notifyError("Impossible de supprimer l'image.", errorText(error, '', 'Erreur de connexion au serveur.') || undefined);
        }
      },
    });
  };

  const insert = (item: MediaItem | null) => {
    if (!item) return;
    onInsert(item.url, { width: item.width, height: item.height });
  };

  let grid;
  if (list.isPending) {
    grid = (
      <div className="flex justify-center py-5 text-brand-700">
        <Spinner size="lg" label="Chargement…" />
      </div>
    );
  } else if (list.isError) {
    grid = (
      <div className="flex flex-col items-center gap-1 py-5 text-center" role="alert">
        <TriangleAlert className="size-3 text-danger" aria-hidden="true" />
        <p className="text-sm font-medium text-danger">Erreur lors du chargement des médias.</p>
        <Button
          variant="secondary"
          size="sm"
          icon={<RotateCw className="size-2" aria-hidden="true" />}
          onClick={() => void list.refetch()}
        >
          Réessayer
        </Button>
      </div>
    );
  } else if (!media || media.data.length === 0) {
    grid = <EmptyState message={search ? 'Aucune image trouvée' : 'Aucune image dans la médiathèque'} />;
  } else {
    grid = (
      <ul
        className={cn('grid grid-cols-3 gap-1 sm:grid-cols-4 md:grid-cols-6', list.isPlaceholderData && 'opacity-60')}
        aria-label="Images de la médiathèque"
      >
        {media.data.map((item) => {
          const active = selected?.id === item.id;
          return (
            <li key={item.id}>
              <button
                type="button"
                aria-pressed={active}
                aria-label={`${item.original_name}, ${formatDate(item.created_at)}`}
                title={item.original_name}
                onClick={() => setSelected(item)}
                onDoubleClick={() => insert(item)}
                className={cn(
                  'relative block aspect-square w-full overflow-hidden rounded-md border-2 bg-surface-muted',
                  'focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-accent-500',
                  active ? 'border-brand-600' : 'border-transparent hover:border-line',
                )}
              >
                <StoredImage path={item.url} variants={item.image_variants} className="size-full object-cover" />
                {active ? (
                  <span className="absolute right-0.5 top-0.5 grid size-2.5 place-items-center rounded-full bg-brand-600 text-white">
                    <Check className="size-1.5" aria-hidden="true" />
                  </span>
                ) : null}
              </button>
            </li>
          );
        })}
      </ul>
    );
  }

  return (
    <Dialog
      open
      onOpenChange={(open) => (!open ? onClose() : undefined)}
      title="Médiathèque"
      description="Choisissez une image déjà envoyée ou ajoutez-en une nouvelle."
      size="xl"
      busy={progress !== null}
      footer={
        <>
          {selected && can('blog', 'delete') ? (
            <Button
              variant="ghost"
              className="mr-auto text-danger hover:bg-danger-soft hover:text-danger"
              icon={<Trash2 className="size-2" aria-hidden="true" />}
              onClick={() => void remove(selected)}
              disabled={progress !== null}
            >
              Supprimer l'image
            </Button>
          ) : null}
          <Button variant="secondary" onClick={onClose} disabled={progress !== null}>
            Fermer
          </Button>
          <Button onClick={() => insert(selected)} disabled={!selected || progress !== null}>
            Insérer l'image
          </Button>
        </>
      }
    >
      <div className="flex flex-col gap-2">
        <div>
          <FileDrop
            id="media-upload"
            value={null}
            onChange={(file) => void upload(file)}
            onReject={(message) => {
              setUploadError(message);
              notifyError(UPLOAD_FAILED, message);
            }}
            disabled={progress !== null}
            aria-invalid={uploadError ? true : undefined}
            aria-describedby={uploadError ? 'media-upload-error' : undefined}
          />
          {progress !== null ? (
            <div
              className="mt-1"
              role="progressbar"
              aria-label="Envoi de l'image"
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={Math.round(progress * 100)}
            >
              <div className="h-1 overflow-hidden rounded-full bg-surface-muted">
                <div className="h-full bg-brand-600 transition-[width]" style={{ width: `${Math.round(progress * 100)}%` }} />
              </div>
            </div>
          ) : null}
          {uploadError ? (
            <p id="media-upload-error" className="mt-0.5 text-xs font-medium text-danger" role="alert">
              {uploadError}
            </p>
          ) : null}
        </div>
        <SearchInput
          value={search}
          onChange={(next) => {
            setSearch(next);
            setPage(1);
          }}
          placeholder="Rechercher une image par nom"
        />
        {grid}
        {media && media.data.length > 0 ? (
          <div className="-mx-3 -mb-2">
            <Pagination page={media.current_page} lastPage={media.last_page} onPageChange={setPage} disabled={list.isFetching} />
          </div>
        ) : null}
      </div>
    </Dialog>
  );
}
