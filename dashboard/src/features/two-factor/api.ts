import type { LoginAnswer, RecoveryCodesAnswer, TotpEnrolment, TwoFactorStatus } from '@comptoir/api/contract';
import { queryOptions } from '@tanstack/react-query';
import type { PublicKeyCredentialCreationOptionsJSON, PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';
import { api } from '../../lib/api';

// The browser's WebAuthn helpers are fetched when a passkey is used, not with the sign-in screen.
const webAuthn = () => import('@simplewebauthn/browser');

/** Sign-in calls answer 401 for an expired pending sign-in: the login page handles it, no redirect. */
const signIn = { redirectOnUnauthorized: false } as const;

export const twoFactorQueryKey = ['profile', 'two-factor'] as const;

export const twoFactorQueryOptions = queryOptions({
  queryKey: twoFactorQueryKey,
  queryFn: ({ signal }) => api.get<TwoFactorStatus & { success: boolean }>('/api/profile/two-factor', { signal }),
});

// ---- Sign-in ----

export function sendSecondFactor(body: { code?: string; recovery_code?: string; credential?: unknown }) {
  return api.post<LoginAnswer>('/api/login/second-factor', body, signIn);
}

/** The pending sign-in's passkey, through the browser's WebAuthn dialog. */
export async function secondFactorWithPasskey() {
  const { options } = await api.post<{ options: PublicKeyCredentialRequestOptionsJSON }>(
    '/api/login/second-factor/options',
    {},
    signIn,
  );
  const credential = await (await webAuthn()).startAuthentication({ optionsJSON: options });
  return sendSecondFactor({ credential });
}

/** Signs in with a discoverable passkey, without e-mail or password. */
export async function signInWithPasskey() {
  const { options } = await api.post<{ options: PublicKeyCredentialRequestOptionsJSON }>(
    '/api/login/passkey/options',
    {},
    signIn,
  );
  const credential = await (await webAuthn()).startAuthentication({ optionsJSON: options });
  return api.post<LoginAnswer>('/api/login/passkey', { credential }, signIn);
}

export function startTotpAtSignIn() {
  return api.post<TotpEnrolment>('/api/login/enrol/totp', {}, signIn);
}

export function confirmTotpAtSignIn(code: string) {
  return api.post<RecoveryCodesAnswer>('/api/login/enrol/totp/confirm', { code }, signIn);
}

export async function enrolPasskeyAtSignIn(label: string) {
  const { options } = await api.post<{ options: PublicKeyCredentialCreationOptionsJSON }>(
    '/api/login/enrol/passkey/options',
    {},
    signIn,
  );
  const credential = await (await webAuthn()).startRegistration({ optionsJSON: options });
  return api.post<RecoveryCodesAnswer>('/api/login/enrol/passkey', { credential, label }, signIn);
}

// ---- Profile ----

export function startTotp() {
  return api.post<TotpEnrolment>('/api/profile/two-factor/totp', {});
}

export function confirmTotp(code: string) {
  return api.post<RecoveryCodesAnswer>('/api/profile/two-factor/totp/confirm', { code });
}

export function removeTotp(currentPassword: string) {
  return api.delete<{ success: boolean; message?: string }>('/api/profile/two-factor/totp/delete', {
    current_password: currentPassword,
  });
}

export function newRecoveryCodes(currentPassword: string) {
  return api.post<RecoveryCodesAnswer>('/api/profile/two-factor/recovery-codes', { current_password: currentPassword });
}

export async function addPasskey(label: string) {
  const { options } = await api.post<{ options: PublicKeyCredentialCreationOptionsJSON }>(
    '/api/profile/two-factor/passkeys/options',
    {},
  );
  const credential = await (await webAuthn()).startRegistration({ optionsJSON: options });
  return api.post<RecoveryCodesAnswer>('/api/profile/two-factor/passkeys', { credential, label });
}

export function removePasskey(id: number, currentPassword: string) {
  return api.delete<{ success: boolean; message?: string }>(`/api/profile/two-factor/passkeys/${id}/delete`, {
    current_password: currentPassword,
  });
}

export function resetTwoFactor(userId: number) {
  return api.post<{ success: boolean; message?: string }>(`/api/admin/${userId}/two-factor/reset`, {});
}

/** A passkey dialog the person closed or that timed out is not an error to show in red. */
export function isPasskeyCancel(error: unknown): boolean {
  return error instanceof Error && (error.name === 'NotAllowedError' || error.name === 'AbortError');
}

/** A name for a new passkey, from the browser (the person can rename it by removing and adding). */
export function defaultPasskeyLabel(): string {
  const ua = navigator.userAgent;
  const browser = /Edg\//.test(ua)
    ? 'Edge'
    : /Firefox\//.test(ua)
      ? 'Firefox'
      : /Chrome\//.test(ua)
        ? 'Chrome'
        : /Safari\//.test(ua)
          ? 'Safari'
          : 'Navigateur';
  const system = /Android/.test(ua)
    ? 'Android'
    : /iPhone|iPad/.test(ua)
      ? 'iOS'
      : /Windows/.test(ua)
        ? 'Windows'
        : /Mac OS/.test(ua)
          ? 'macOS'
          : /Linux/.test(ua)
            ? 'Linux'
            : '';
  return system ? `${browser} sur ${system}` : browser;
}
