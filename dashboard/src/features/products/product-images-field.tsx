import type { PublicProductImage } from '@comptoir/api/contract';
import { X } from 'lucide-react';
import { FieldError } from '../../ui/field';
import { FileDrop, useObjectUrl } from '../../ui/file-drop';
import { PRODUCT_MAX_IMAGES } from './api';
import { StoredImage } from './stored-image';
import { IMAGES_INVALID, type ProductImages } from './use-product-images';

function Preview({ file, onRemove, disabled }: { file: File; onRemove: () => void; disabled: boolean }) {
  const url = useObjectUrl(file);
  return (
    <li className="relative size-10 overflow-hidden rounded-md border border-line bg-surface-muted">
      {url ? <img src={url} alt={file.name} className="size-full object-cover" /> : null}
      <button
        type="button"
        onClick={onRemove}
        disabled={disabled}
        className="absolute right-0.5 top-0.5 grid size-2.5 place-items-center rounded-full bg-ink/75 text-white hover:bg-danger focus-visible:outline-3 focus-visible:outline-accent-500"
        aria-label={`Retirer ${file.name}`}
      >
        <X className="size-1.5" aria-hidden="true" />
      </button>
    </li>
  );
}

function UploadProgress({ progress }: { progress: number }) {
  const percent = Math.round(progress * 100);
  return (
    <div
      className="mt-1"
      role="progressbar"
      aria-label="Envoi des images"
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
    >
      <div className="flex justify-between text-xs text-ink-muted">
        <span>Envoi des images…</span>
        <span>{percent} %</span>
      </div>
      <div className="mt-0.5 h-1 overflow-hidden rounded-full bg-surface-muted">
        <div className="h-full bg-brand-600 transition-[width]" style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}

/** « Images du produit »: the chosen files, the current images (replaced by new ones) and the upload's progress. */
export function ProductImagesField({
  state,
  current,
  required,
  busy,
  progress,
}: {
  state: ProductImages;
  current: PublicProductImage[];
  required: boolean;
  busy: boolean;
  progress: number | null;
}) {
  const { images, error } = state;
  return (
    <div className="flex flex-col gap-0.5">
      <span className="text-sm font-medium text-ink">
        <label htmlFor="product-images">Images du produit</label>
        {required ? (
          <span className="ml-0.5 text-danger" aria-hidden="true">
            *
          </span>
        ) : null}
        <span className="ml-1 text-xs font-normal text-ink-subtle">
          {images.length}/{PRODUCT_MAX_IMAGES}
        </span>
      </span>
      <FileDrop
        id="product-images"
        multiple
        value={null}
        onChange={() => undefined}
        onFilesChange={state.add}
        onReject={() => state.setError(IMAGES_INVALID)}
        hint="De 1 à 5 images : SVG, PNG, JPG ou WEBP"
        disabled={busy || images.length >= PRODUCT_MAX_IMAGES}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? 'product-images-error' : undefined}
      />
      {error ? <FieldError id="product-images-error">{error}</FieldError> : null}
      {images.length > 0 ? (
        <ul className="mt-1 flex flex-wrap gap-1" aria-label="Images choisies">
          {images.map((file, index) => (
            <Preview
              key={`${file.name}-${file.size}-${file.lastModified}-${index}`}
              file={file}
              disabled={busy}
              onRemove={() => state.remove(index)}
            />
          ))}
        </ul>
      ) : null}
      {current.length > 0 ? (
        <div className="mt-1">
          <p className="text-xs text-ink-subtle">
            {images.length > 0
              ? 'Les nouvelles images remplaceront les images actuelles :'
              : 'Images actuelles (ajoutez-en de nouvelles pour les remplacer) :'}
          </p>
          <ul className="mt-0.5 flex flex-wrap gap-1" aria-label="Images actuelles">
            {current.map((image) => (
              <li key={image.id} className={images.length > 0 ? 'opacity-40' : undefined}>
                <StoredImage
                  path={image.image_path}
                  variants={image.image_variants}
                  className="size-8 rounded-md border border-line object-cover"
                />
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {progress !== null ? <UploadProgress progress={progress} /> : null}
    </div>
  );
}
