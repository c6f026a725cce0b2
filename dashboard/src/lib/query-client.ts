import type { QueryClient } from '@tanstack/react-query';

// TanStack Query is fetched by the route guard of the signed-in screens (and after signing in), not
// with the sign-in screens, which keep no cache: they stay lighter.
let loaded: QueryClient | undefined;

/** The query cache, once some screen has needed it; never fetches it. */
export function peekQueryClient(): QueryClient | undefined {
  return loaded;
}

/** The query cache, fetched on first use. */
export async function loadQueryClient(): Promise<QueryClient> {
  loaded ??= (await import('./query-client-instance')).queryClient;
  return loaded;
}
