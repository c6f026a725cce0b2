import type { CurrentUser, LoginAnswer, LoginRequest, PasswordResetRequest, RecoveryRequest } from '@comptoir/api/contract';
import { queryOptions } from '@tanstack/react-query';
import { api, type ApiError } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';

/**
 * GET /api/user: who is signed in, with role.permission. The route guard and the permission
 * hooks read it; it is fetched once and kept (a 401 later sends the user to sign in again).
 */
export const meQueryOptions = queryOptions<CurrentUser, ApiError>({
  queryKey: queryKeys.me,
  queryFn: async ({ signal }) => {
    const body = await api.get<CurrentUser | { user: CurrentUser }>('/api/user', { signal, redirectOnUnauthorized: false });
    // The spec reads the user as the body itself; accept a `{ user }` wrapper as well.
    return 'user' in body && body.user && typeof body.user === 'object' ? body.user : (body as CurrentUser);
  },
  staleTime: 5 * 60_000,
  retry: false,
});

export function login(credentials: LoginRequest) {
  return api.post<LoginAnswer>('/api/login', credentials, { redirectOnUnauthorized: false });
}

export function logout() {
  return api.post<{ success: boolean; message?: string }>('/api/logout', undefined, { redirectOnUnauthorized: false });
}

export function requestRecovery(body: RecoveryRequest) {
  return api.post<{ success: boolean; message?: string }>('/api/account/recovery', body, { redirectOnUnauthorized: false });
}

export function resetPassword(body: PasswordResetRequest) {
  return api.post<{ success: boolean; message?: string }>('/api/account/reset', body, { redirectOnUnauthorized: false });
}
