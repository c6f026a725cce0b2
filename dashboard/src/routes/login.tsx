import { createFileRoute, redirect } from '@tanstack/react-router';
import { LoginPage } from '../features/auth/login-page';
import { peekQueryClient } from '../lib/query-client';
import { queryKeys } from '../lib/query-keys';

export interface LoginSearch {
  /** The page to come back to after signing in (`/dashboard/...`). */
  redirect?: string;
  /** `invalid` when an e-mailed one-time sign-in link was used, expired or unknown. */
  link?: 'invalid';
  /** `1` when an e-mailed link led here: the account's second factor is asked next. */
  second_factor?: '1' | 'enrol';
}

export const Route = createFileRoute('/login')({
  validateSearch: (search: Record<string, unknown>): LoginSearch => ({
    redirect: typeof search.redirect === 'string' && search.redirect ? search.redirect : undefined,
    link: search.link === 'invalid' ? 'invalid' : undefined,
    second_factor:
      search.second_factor === 'enrol' ? 'enrol' : search.second_factor === '1' || search.second_factor === 1 ? '1' : undefined,
  }),
  beforeLoad: () => {
    // Already signed in (known from this page's cache, e.g. the back button): to the dashboard.
    if (peekQueryClient()?.getQueryData(queryKeys.me)) throw redirect({ to: '/', replace: true });
  },
  component: function LoginRoute() {
    const { redirect: target, link, second_factor: secondFactor } = Route.useSearch();
    return <LoginPage redirect={target} linkInvalid={link === 'invalid'} afterLink={secondFactor} />;
  },
});
