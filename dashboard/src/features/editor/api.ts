import type { MediaListAnswer, MediaUploadAnswer, StaffArticleAnswer } from '@comptoir/api/contract';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { queryKeys, type ListParams } from '../../lib/query-keys';

/** The media picker shows 24 images per page. */
export const MEDIA_PER_PAGE = 24;

/** POST /api/blog/create (multipart: title, content, status, image, image_alt). */
export function createArticle(form: FormData) {
  return api.post<StaffArticleAnswer>('/api/blog/create', form);
}

/** POST /api/blog/{id}/update (multipart with `_method=PUT`; the image only when replaced). */
export function updateArticle(id: number, form: FormData) {
  return api.post<StaffArticleAnswer>(`/api/blog/${id}/update`, form);
}

/** POST /api/upload-image (Editor.js image tool, field `image`): answers `{ success: 1, file: { url } }`. */
export function uploadEditorImage(file: Blob) {
  const form = new FormData();
  form.append('image', file);
  return api.post<MediaUploadAnswer>('/api/upload-image', form);
}

/** POST /api/upload-media (media picker, field `file`): answers `location`. */
export function uploadMedia(file: File, onUploadProgress?: (fraction: number) => void) {
  const form = new FormData();
  form.append('file', file);
  return api.post<MediaUploadAnswer>('/api/upload-media', form, { onUploadProgress });
}

/** DELETE /api/media/{id}: refused (409) while an article shows the image. */
export function deleteMedia(id: number) {
  return api.delete<{ success: true; message: string }>(`/api/media/${id}`);
}

/** GET /api/media?page&per_page&search: the images already uploaded, newest first. */
export function mediaQueryOptions(params: ListParams) {
  return queryOptions({
    queryKey: queryKeys.media.list(params),
    queryFn: ({ signal }) =>
      api.get<MediaListAnswer>('/api/media', {
        signal,
        query: { page: params.page, per_page: params.perPage ?? MEDIA_PER_PAGE, search: params.search },
      }),
    placeholderData: keepPreviousData,
  });
}
