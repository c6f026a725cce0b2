import type { ImageVariants } from '@comptoir/api/contract';
import { useState, type ImgHTMLAttributes, type ReactNode } from 'react';
import { storageUrl } from '../../lib/api';

export interface StoredImageProps extends Omit<ImgHTMLAttributes<HTMLImageElement>, 'src'> {
  /** The stored original (`products/ab12.webp`, `/storage/...`). */
  path: string | null | undefined;
  /** The server's resized copies; the original is used when absent or when a copy fails to load. */
  variants?: ImageVariants | null;
  width?: '400' | '800';
  /** Shown when there is no image or none loads. */
  fallback?: ReactNode;
}

/** An uploaded image at the size the layout needs, falling back to the original, then to `fallback`. */
export function StoredImage({ path, variants, width = '400', fallback = null, alt = '', ...rest }: StoredImageProps) {
  const candidates = [storageUrl(variants?.[width]), storageUrl(path)].filter(
    (u, i, all): u is string => Boolean(u) && all.indexOf(u) === i,
  );
  const [failed, setFailed] = useState<string[]>([]);
  const src = candidates.find((c) => !failed.includes(c));
  if (!src) return <>{fallback}</>;
  return (
    <img
      {...rest}
      src={src}
      alt={alt}
      loading={rest.loading ?? 'lazy'}
      decoding="async"
      onError={() => setFailed((list) => (list.includes(src) ? list : [...list, src]))}
    />
  );
}
