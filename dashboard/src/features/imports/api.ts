import type { ImportApplyAnswer, ImportKindName, ImportPreviewAnswer } from '@comptoir/api/contract';
import { api } from '../../lib/api';

/** Sends the sheet (and the ZIP of images) to be read and checked; nothing is saved yet. */
export function previewImport(
  kind: ImportKindName,
  file: File,
  images: File | null,
  onUploadProgress?: (fraction: number) => void,
) {
  const body = new FormData();
  body.append('file', file);
  if (images) body.append('images', images);
  return api.post<ImportPreviewAnswer>(`/api/import/${kind}/preview`, body, { onUploadProgress });
}

/** Writes the rows of a preview the server kept (its token). */
export const applyImport = (kind: ImportKindName, token: string) =>
  api.post<ImportApplyAnswer>(`/api/import/${kind}/apply`, { token });

/** The template of a kind, as the browser downloads it. */
export const templateHref = (kind: ImportKindName, format: 'csv' | 'xlsx') => `/api/import/${kind}/template?format=${format}`;
