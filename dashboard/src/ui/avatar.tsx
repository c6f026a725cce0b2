import { useState } from 'react';
import { storageUrl } from '../lib/api';
import { cn } from '../lib/cn';

export const DEFAULT_AVATAR = `${import.meta.env.BASE_URL}default-avatar.svg`;

const sizes = { xs: 'size-3', sm: 'size-4', md: 'size-5', lg: 'size-8', xl: 'size-16' } as const;

export interface AvatarProps {
  /** Image path from the API (`/storage/...`); the default avatar when empty or broken. */
  src?: string | null;
  /** Whose picture it is, for screen readers; decorative when omitted. */
  alt?: string;
  size?: keyof typeof sizes;
  className?: string;
}

export function Avatar({ src, alt, size = 'sm', className }: AvatarProps) {
  const url = storageUrl(src);
  const [failed, setFailed] = useState<string | null>(null);
  const shown = url && failed !== url ? url : DEFAULT_AVATAR;
  return (
    <img
      src={shown}
      alt={alt ?? ''}
      className={cn('shrink-0 rounded-full border border-white bg-surface-muted object-cover', sizes[size], className)}
      onError={() => url && setFailed(url)}
      loading="lazy"
      decoding="async"
    />
  );
}
