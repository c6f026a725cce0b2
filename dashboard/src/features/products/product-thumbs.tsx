import type { PublicProductImage } from '@comptoir/api/contract';
import { ImageOff } from 'lucide-react';
import { StoredImage } from './stored-image';

/** The images column: up to three overlapping thumbnails and "+n" for the others. */
export function ProductThumbs({ images, name }: { images: PublicProductImage[]; name: string }) {
  if (images.length === 0) {
    return (
      <span className="grid size-5 place-items-center rounded-md bg-surface-muted text-ink-subtle" title="Aucune image">
        <ImageOff className="size-2" aria-label="Aucune image" />
      </span>
    );
  }
  const shown = images.slice(0, 3);
  return (
    <span
      className="flex items-center"
      aria-label={`${images.length} image${images.length > 1 ? 's' : ''} de ${name}`}
      role="img"
    >
      {shown.map((image, index) => (
        <StoredImage
          key={image.id}
          path={image.image_path}
          variants={image.image_variants}
          className="size-5 rounded-md border-2 border-surface bg-surface-muted object-cover"
          style={{ marginLeft: index === 0 ? 0 : -12 }}
        />
      ))}
      {images.length > 3 ? <span className="ml-0.5 text-xs font-medium text-ink-muted">+{images.length - 3}</span> : null}
    </span>
  );
}
