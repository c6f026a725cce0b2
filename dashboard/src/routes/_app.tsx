import { QueryClientProvider, useQuery, useQueryClient } from '@tanstack/react-query';
import { createFileRoute, Link, Outlet, redirect, useNavigate, useRouter } from '@tanstack/react-router';
import { RotateCw, ServerCrash } from 'lucide-react';
import { useEffect } from 'react';
import { meQueryOptions } from '../features/auth/api';
import { currentPublicPath } from '../features/auth/redirect';
import { AppShell } from '../features/layout/app-shell';
import { isApiError } from '../lib/api';
import { loadClassMerging } from '../lib/cn';
import { loadQueryClient } from '../lib/query-client';
import { queryKeys } from '../lib/query-keys';
import { Button, buttonClasses } from '../ui/button';
import { ConfirmProvider } from '../ui/confirm-dialog';
import { FullPageSpinner } from '../ui/spinner';
import { loadToasts } from '../ui/toaster-host';

/**
 * The route guard (spec section 2): every signed-in screen lives under this pathless layout.
 * It asks GET /api/user (a spinner shows meanwhile); a 401 sends the visitor to
 * /dashboard/login?redirect=<this page>, and they come back here after signing in.
 */
export const Route = createFileRoute('/_app')({
  beforeLoad: async ({ location }) => {
    // What the signed-in screens need and the sign-in screens do without: the query cache (for their
    // loaders too) and class merging (lib/cn.ts).
    const [queryClient] = await Promise.all([loadQueryClient(), loadClassMerging()]);
    try {
      const user = await queryClient.ensureQueryData(meQueryOptions);
      return { user, queryClient };
    } catch (error) {
      if (isApiError(error) && (error.status === 401 || error.status === 419)) {
        throw redirect({
          to: '/login',
          search: { redirect: `/dashboard${location.href === '/' ? '' : location.href}` },
          replace: true,
        });
      }
      throw error;
    }
  },
  pendingMs: 0,
  pendingMinMs: 0,
  pendingComponent: () => <FullPageSpinner label="Vérification de la session…" />,
  errorComponent: SessionCheckFailed,
  component: SignedInLayout,
});

function SignedInLayout() {
  const { queryClient } = Route.useRouteContext();
  // Signed-in screens show notices (some through sonner directly): its host is mounted with them.
  useEffect(() => void loadToasts(), []);
  return (
    <QueryClientProvider client={queryClient}>
      <SessionWatch />
      {/* Confirmations are asked only once signed in: the sign-in screens do not ship the alert dialog. */}
      <ConfirmProvider>
        <AppShell>
          <Outlet />
        </AppShell>
      </ConfirmProvider>
    </QueryClientProvider>
  );
}

/** The session ended while the app was open (signed out elsewhere, expired): back to sign-in. */
function SessionWatch() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { error } = useQuery(meQueryOptions);
  useEffect(() => {
    if (isApiError(error) && error.status === 401) {
      queryClient.removeQueries({ queryKey: queryKeys.me });
      void navigate({ to: '/login', search: { redirect: currentPublicPath() }, replace: true });
    }
  }, [error, navigate, queryClient]);
  return null;
}

/** The session could not be checked for another reason than "not signed in" (server down, ...). */
function SessionCheckFailed() {
  const router = useRouter();
  return (
    <main id="contenu" className="grid min-h-dvh place-items-center bg-surface-muted px-2">
      <div
        className="flex max-w-[440px] flex-col items-center gap-2 rounded-xl bg-surface p-4 text-center shadow-card"
        role="alert"
      >
        <ServerCrash className="size-5 text-danger" aria-hidden="true" />
        <h1 className="text-xl font-semibold text-ink">Erreur de connexion au serveur.</h1>
        <p className="text-sm text-ink-muted">
          Impossible de vérifier votre session pour le moment. Vérifiez votre connexion puis réessayez.
        </p>
        <div className="flex flex-wrap justify-center gap-1">
          <Button icon={<RotateCw className="size-2" aria-hidden="true" />} onClick={() => void router.invalidate()}>
            Réessayer
          </Button>
          <Link to="/login" search={{}} className={buttonClasses('secondary')}>
            Se connecter
          </Link>
        </div>
      </div>
    </main>
  );
}
