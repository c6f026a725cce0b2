import { createFileRoute } from '@tanstack/react-router';
import { NotFoundInShell } from '../../features/layout/not-found-page';

/**
 * Any other /dashboard path. It sits under the guard: a signed-out visitor is sent to sign in
 * first, a signed-in user sees the not-found page in the dashboard's frame.
 */
export const Route = createFileRoute('/_app/$')({
  component: NotFoundInShell,
});
