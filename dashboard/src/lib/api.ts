/**
 * The dashboard's one API client.
 *
 * - Every call sends the session cookie (same origin, `credentials: 'include'`).
 * - Before the first state-changing call it asks `GET /api/sanctum/csrf-cookie`, then sends the
 *   `XSRF-TOKEN` cookie back as `X-XSRF-TOKEN` on every POST/PUT/PATCH/DELETE. A 419 answer means
 *   the token went stale: it fetches a new one and retries the call once.
 * - A 401 answer sends the user to the sign-in page (unless the caller handles it itself), with
 *   the current page in `?redirect=` so they come back after signing in. Inside the signed-in
 *   frame a re-authentication dialog is installed instead (`setReauthenticator`): the session ended
 *   while someone worked, so they sign in again in place and the call is sent again: a save is
 *   never lost to an expired session, and every form gets this without code of its own.
 * - Failures throw `ApiError`: `status` (0 for a network failure), the server's French `message`,
 *   and the `errors` map of a 422 keyed by field.
 * - JSON bodies for plain objects, multipart for `FormData`; `onUploadProgress` switches to
 *   XMLHttpRequest so a caller can show an upload's progress.
 */

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  method?: HttpMethod;
  /** A plain object or array is sent as JSON, a FormData as multipart. */
  body?: FormData | object;
  query?: Record<string, QueryValue>;
  signal?: AbortSignal;
  /** Default true: a 401 sends the user to the sign-in page. Sign-in, recovery and the guard turn it off. */
  redirectOnUnauthorized?: boolean;
  /** Called with a fraction between 0 and 1 while the body uploads (uses XMLHttpRequest). */
  onUploadProgress?: (fraction: number) => void;
  /**
   * The browser cache mode of a fetch. 'no-cache' revalidates an answer the server allows caches
   * to keep (the public catalogue lists) so that a screen sees its own changes at once.
   */
  cache?: RequestCache;
  /**
   * An automatic refresh (a poll), not the user's doing: the server does not count it as activity,
   * so an idle session still ends after its idle timeout while the tab stays open.
   */
  background?: boolean;
}

export class ApiError extends Error {
  /** HTTP status, or 0 when the server could not be reached. */
  readonly status: number;
  /** The server's own message, when it sent one. */
  readonly serverMessage: string | undefined;
  /** Validation messages keyed by field (422). */
  readonly errors: Record<string, string[]>;
  readonly body: unknown;

  constructor(
    status: number,
    serverMessage: string | undefined,
    errors: Record<string, string[]> = {},
    body: unknown = undefined,
  ) {
    super(serverMessage || (status === 0 ? 'Erreur de connexion' : `Erreur HTTP ${status}`));
    this.name = 'ApiError';
    this.status = status;
    this.serverMessage = serverMessage;
    this.errors = errors;
    this.body = body;
  }

  get isNetworkError(): boolean {
    return this.status === 0;
  }

  get isUnauthorized(): boolean {
    return this.status === 401;
  }

  /** The first message for a field, if the server sent one. */
  fieldError(field: string): string | undefined {
    return this.errors[field]?.[0];
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/**
 * What to show for a failure: the server's message when it sent one, `network` when the server
 * could not be reached, otherwise `fallback` (the spec's text for that screen).
 */
export function errorText(error: unknown, fallback: string, network: string = fallback): string {
  if (isApiError(error)) {
    if (error.isNetworkError) return network;
    return error.serverMessage || fallback;
  }
  return fallback;
}

type UnauthorizedHandler = () => void;
let onUnauthorized: UnauthorizedHandler | null = null;

/** Installed once by `main.tsx`: what a 401 does (navigate to the sign-in page). */
export function setUnauthorizedHandler(handler: UnauthorizedHandler | null): void {
  onUnauthorized = handler;
}

/** Resolves once the user has signed in again; rejects when they would rather go to the sign-in page. */
type Reauthenticator = () => Promise<void>;
let reauthenticator: Reauthenticator | null = null;
let reauthentication: Promise<void> | null = null;

/** Installed by the signed-in frame: the in-place sign-in dialog (null to remove it). */
export function setReauthenticator(handler: Reauthenticator | null): void {
  reauthenticator = handler;
}

/** One dialog for every call that met the expired session at the same time. */
function reauthenticate(): Promise<void> {
  if (!reauthenticator) return Promise.reject(new Error('no re-authentication'));
  reauthentication ??= reauthenticator().finally(() => {
    reauthentication = null;
  });
  return reauthentication;
}

const UNSAFE: ReadonlySet<HttpMethod> = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const CSRF_COOKIE = 'XSRF-TOKEN';

export function readCookie(name: string): string | undefined {
  const prefix = `${name}=`;
  for (const part of document.cookie.split(';')) {
    const item = part.trim();
    if (item.startsWith(prefix)) {
      try {
        return decodeURIComponent(item.slice(prefix.length));
      } catch {
        return item.slice(prefix.length);
      }
    }
  }
  return undefined;
}

let csrfRequest: Promise<void> | null = null;
let csrfFetched = false;

/** GET /api/sanctum/csrf-cookie once per page load (or again when `force`, after a 419). */
export function ensureCsrfCookie(force = false): Promise<void> {
  if (!force && csrfFetched && readCookie(CSRF_COOKIE)) return Promise.resolve();
  if (!force && csrfRequest) return csrfRequest;
  csrfRequest = fetch('/api/sanctum/csrf-cookie', {
    credentials: 'include',
    headers: { Accept: 'application/json' },
  })
    .then((response) => {
      if (!response.ok) throw new ApiError(response.status, undefined);
      csrfFetched = true;
    })
    .catch((error: unknown) => {
      throw isApiError(error) ? error : new ApiError(0, undefined);
    })
    .finally(() => {
      csrfRequest = null;
    });
  return csrfRequest;
}

function buildUrl(path: string, query?: Record<string, QueryValue>): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    params.set(key, String(value));
  }
  const qs = params.toString();
  return qs ? `${path}${path.includes('?') ? '&' : '?'}${qs}` : path;
}

interface RawAnswer {
  status: number;
  body: unknown;
}

function parseBody(text: string, contentType: string | null): unknown {
  if (!text) return undefined;
  if (contentType?.includes('json')) {
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  }
  return text;
}

function headersFor(method: HttpMethod, body: RequestOptions['body'], background = false): Record<string, string> {
  const headers: Record<string, string> = { Accept: 'application/json', 'X-Requested-With': 'XMLHttpRequest' };
  if (background) headers['X-Comptoir-Background'] = '1';
  if (body !== undefined && !(body instanceof FormData)) headers['Content-Type'] = 'application/json';
  if (UNSAFE.has(method)) {
    const token = readCookie(CSRF_COOKIE);
    if (token) headers['X-XSRF-TOKEN'] = token;
  }
  return headers;
}

function encodeBody(body: RequestOptions['body']): BodyInit | undefined {
  if (body === undefined) return undefined;
  if (body instanceof FormData) return body;
  return JSON.stringify(body);
}

async function sendWithFetch(url: string, method: HttpMethod, options: RequestOptions): Promise<RawAnswer> {
  let response: Response;
  try {
    response = await fetch(url, {
      method,
      credentials: 'include',
      headers: headersFor(method, options.body, options.background),
      body: encodeBody(options.body),
      signal: options.signal,
      cache: options.cache,
    });
  } catch (error) {
    if (options.signal?.aborted) throw error;
    throw new ApiError(0, undefined);
  }
  const text = await response.text().catch(() => '');
  return { status: response.status, body: parseBody(text, response.headers.get('content-type')) };
}

function sendWithXhr(url: string, method: HttpMethod, options: RequestOptions): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, url);
    xhr.withCredentials = true;
    for (const [name, value] of Object.entries(headersFor(method, options.body, options.background)))
      xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) options.onUploadProgress?.(event.loaded / event.total);
    };
    xhr.onload = () => {
      options.onUploadProgress?.(1);
      resolve({ status: xhr.status, body: parseBody(xhr.responseText, xhr.getResponseHeader('content-type')) });
    };
    xhr.onerror = () => reject(new ApiError(0, undefined));
    xhr.onabort = () => reject(new DOMException('Aborted', 'AbortError'));
    options.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send((encodeBody(options.body) as XMLHttpRequestBodyInit | undefined) ?? null);
  });
}

function toApiError(answer: RawAnswer): ApiError {
  const body = answer.body;
  let message: string | undefined;
  let errors: Record<string, string[]> = {};
  if (body && typeof body === 'object') {
    const record = body as { message?: unknown; errors?: unknown };
    if (typeof record.message === 'string') message = record.message;
    else if (Array.isArray(record.message) && typeof record.message[0] === 'string') message = record.message[0];
    if (record.errors && typeof record.errors === 'object') {
      errors = Object.fromEntries(
        Object.entries(record.errors as Record<string, unknown>).map(([field, value]) => [
          field,
          Array.isArray(value) ? value.map(String) : [String(value)],
        ]),
      );
    }
  }
  return new ApiError(answer.status, message, errors, body);
}

/** Sends one call; see the module comment for what it does around it. */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const method = options.method ?? 'GET';
  const url = buildUrl(path, options.query);
  const send = () => (options.onUploadProgress ? sendWithXhr(url, method, options) : sendWithFetch(url, method, options));

  if (UNSAFE.has(method)) await ensureCsrfCookie();
  let answer = await send();
  if (answer.status === 419 && UNSAFE.has(method)) {
    await ensureCsrfCookie(true);
    answer = await send();
  }
  if (answer.status === 401 && options.redirectOnUnauthorized !== false && reauthenticator) {
    let signedInAgain = false;
    try {
      await reauthenticate();
      signedInAgain = true;
    } catch {
      // They chose the sign-in page: the old behaviour below.
    }
    if (signedInAgain) {
      // The new session has its own anti-forgery token.
      if (UNSAFE.has(method)) await ensureCsrfCookie(true);
      answer = await send();
    }
  }
  if (answer.status >= 200 && answer.status < 300) return answer.body as T;

  const error = toApiError(answer);
  if (error.status === 401 && options.redirectOnUnauthorized !== false) onUnauthorized?.();
  throw error;
}

export const api = {
  get: <T>(path: string, options: Omit<RequestOptions, 'method' | 'body'> = {}) =>
    apiRequest<T>(path, { ...options, method: 'GET' }),
  post: <T>(path: string, body?: FormData | object, options: Omit<RequestOptions, 'method' | 'body'> = {}) =>
    apiRequest<T>(path, { ...options, method: 'POST', body }),
  put: <T>(path: string, body?: FormData | object, options: Omit<RequestOptions, 'method' | 'body'> = {}) =>
    apiRequest<T>(path, { ...options, method: 'PUT', body }),
  patch: <T>(path: string, body?: FormData | object, options: Omit<RequestOptions, 'method' | 'body'> = {}) =>
    apiRequest<T>(path, { ...options, method: 'PATCH', body }),
  delete: <T>(path: string, body?: object, options: Omit<RequestOptions, 'method' | 'body'> = {}) =>
    apiRequest<T>(path, { ...options, method: 'DELETE', body }),
};

/**
 * Builds the multipart body of a create or update call. `undefined` and `null` fields are left
 * out, files are appended as is, booleans as "1"/"0". Pass `{ method: 'PUT' }` for the
 * `POST .../{id}/update` calls, which carry the `_method=PUT` override the spec's screens send.
 */
export function toFormData(
  fields: Record<string, string | number | boolean | Blob | null | undefined>,
  override?: 'PUT' | 'PATCH',
): FormData {
  const form = new FormData();
  if (override) form.append('_method', override);
  for (const [key, value] of Object.entries(fields)) {
    if (value === undefined || value === null) continue;
    if (value instanceof Blob) form.append(key, value);
    else if (typeof value === 'boolean') form.append(key, value ? '1' : '0');
    else form.append(key, String(value));
  }
  return form;
}

/** Resolves an image path from the API (`/storage/...`, `storage/...` or an absolute URL). */
export function storageUrl(path: string | null | undefined): string | undefined {
  if (!path) return undefined;
  if (/^(https?:|data:|blob:)/.test(path) || path.startsWith('/')) return path;
  return path.startsWith('storage/') ? `/${path}` : `/storage/${path}`;
}
