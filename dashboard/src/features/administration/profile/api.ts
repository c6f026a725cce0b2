import type { ApiAnswer, OtherSessionsClosedAnswer, ProfileUpdateAnswer, StaffSessionsAnswer } from '@comptoir/api/contract';
import { queryOptions } from '@tanstack/react-query';
import { api, toFormData } from '../../../lib/api';
import { queryKeys } from '../../../lib/query-keys';

export interface ProfileFields {
  firstname: string;
  name: string;
  phone: string;
  email: string;
  profession: string;
  about: string;
  /** Only when the e-mail changes: the server asks for it. */
  current_password?: string;
}

/** POST /api/profile/update, multipart with `_method=PUT`; the image only when a new one was chosen. */
export function updateProfile(fields: ProfileFields, image: File | null, version?: number) {
  return api.post<ProfileUpdateAnswer>(
    '/api/profile/update',
    toFormData({ ...fields, image: image ?? undefined, version }, 'PUT'),
  );
}

/**
 * POST /api/profile/identifiants-update, multipart with `_method=PUT`: e-mail, and the password when
 * filled; the current password is required to change either.
 */
export function updateCredentials(email: string, password: string, currentPassword: string, version?: number) {
  return api.post<ProfileUpdateAnswer>(
    '/api/profile/identifiants-update',
    toFormData({ email, password: password || undefined, current_password: currentPassword || undefined, version }, 'PUT'),
  );
}

/** GET /api/profile/sessions: the person's own open sessions, the current one first. */
export const sessionsQueryOptions = queryOptions({
  queryKey: queryKeys.profileSessions,
  queryFn: ({ signal }) => api.get<StaffSessionsAnswer>('/api/profile/sessions', { signal }),
});

/** DELETE /api/profile/sessions/{id}/delete: ends one of one's own sessions. */
export function closeSession(id: string) {
  return api.delete<ApiAnswer>(`/api/profile/sessions/${encodeURIComponent(id)}/delete`);
}

/** DELETE /api/profile/sessions/others: ends every session but this one. */
export function closeOtherSessions() {
  return api.delete<OtherSessionsClosedAnswer>('/api/profile/sessions/others');
}
