import { useState } from 'react';
import type { GalleryImage } from '../lib/build-data';

interface Props {
  name: string;
  images: GalleryImage[];
}

/** Product gallery: clicking a thumbnail changes the main image. */
export default function ProductGallery({ name, images }: Props) {
  const [current, setCurrent] = useState(0);
  if (!images.length) {
    return (
      <div className="flex aspect-[4/3] items-center justify-center rounded-2xl bg-surface-muted">
        <img src="/images/logo.svg" alt="" width={120} height={120} className="opacity-30" />
        <span className="sr-only">Aucune image</span>
      </div>
    );
  }
  const shown = images[current] ?? images[0]!;
  return (
    <div data-gallery>
      <div className="aspect-[4/3] overflow-hidden rounded-2xl border border-line bg-white">
        <img
          src={shown.main}
          alt={images.length > 1 ? `${name}, image ${current + 1} sur ${images.length}` : name}
          width={800}
          height={600}
          decoding="async"
          fetchPriority="high"
          className="h-full w-full object-contain"
          data-main-image
        />
      </div>
      {images.length > 1 && (
        <ul className="mt-1.5 flex flex-wrap gap-1" aria-label="Images du produit">
          {images.map((image, index) => (
            <li key={`${image.main}-${index}`}>
              <button
                type="button"
                onClick={() => setCurrent(index)}
                aria-pressed={index === current}
                aria-label={`Afficher l’image ${index + 1} sur ${images.length}`}
                className={`block h-[72px] w-[96px] overflow-hidden rounded-lg border-2 ${index === current ? 'border-accent-600' : 'border-line hover:border-brand-300'}`}
              >
                <img src={image.thumb} alt="" width={96} height={72} loading="lazy" className="h-full w-full object-cover" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
