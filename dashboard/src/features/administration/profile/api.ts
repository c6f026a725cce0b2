import type { ProfileUpdateAnswer } from '@comptoir/api/contract';
import { api, toFormData } from '../../../lib/api';

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
