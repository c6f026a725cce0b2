import { createFileRoute } from '@tanstack/react-router';
import { ResetPage } from '../../features/auth/reset-page';

export const Route = createFileRoute('/account/reset')({
  validateSearch: (search: Record<string, unknown>): { token?: string } => ({
    token: typeof search.token === 'string' && search.token ? search.token : undefined,
  }),
  component: function ResetRoute() {
    const { token } = Route.useSearch();
    return <ResetPage token={token} />;
  },
});
