import type { ErrorAnswer } from '@comptoir/api/contract';

/** What an island gets back from the API: the answer, or why there is none. */
export type ApiResult<T> =
  { ok: true; status: number; data: T } | { ok: false; status: number; data: ErrorAnswer | null; network: boolean };

/**
 * Calls the API on the same origin with JSON in and out. Never throws: a network failure or an
 * unreadable answer comes back as `{ ok: false, network: true }` so every caller can tell the visitor.
 */
export async function api<T>(
  path: string,
  init: { method?: string; body?: unknown; signal?: AbortSignal; headers?: Record<string, string> } = {},
): Promise<ApiResult<T>> {
  let res: Response;
  try {
    res = await fetch(path, {
      method: init.method ?? 'GET',
      headers: {
        Accept: 'application/json',
        ...(init.body === undefined ? {} : { 'Content-Type': 'application/json' }),
        ...init.headers,
      },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      signal: init.signal,
      credentials: 'same-origin',
    });
  } catch (error) {
    if ((error as Error)?.name === 'AbortError') throw error;
    return { ok: false, status: 0, data: null, network: true };
  }
  let data: unknown;
  try {
    data = await res.json();
  } catch {
    return { ok: false, status: res.status, data: null, network: true };
  }
  if (res.ok) return { ok: true, status: res.status, data: data as T };
  return { ok: false, status: res.status, data: data as ErrorAnswer, network: false };
}

/** The first message of each field of a 422 answer (spec: the first is shown under its field). */
export function firstErrors(errors: Record<string, string[]> | undefined | null): Record<string, string> {
  const out: Record<string, string> = {};
  if (!errors) return out;
  for (const [field, messages] of Object.entries(errors)) {
    if (Array.isArray(messages) && messages.length) out[field] = String(messages[0]);
  }
  return out;
}

export const isAbort = (error: unknown) => (error as Error)?.name === 'AbortError';
