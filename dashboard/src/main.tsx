import { createRouter, RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { currentPublicPath, onPublicPage } from './features/auth/redirect';
import { setUnauthorizedHandler } from './lib/api';
import { peekQueryClient } from './lib/query-client';
import { queryKeys } from './lib/query-keys';
import { routeTree } from './routeTree.gen';
import { loadRuntimeConfig } from './lib/runtime-config';
import { StartFailure } from './ui/start-failure';
import { FullPageSpinner } from './ui/spinner';
import './styles.css';

const router = createRouter({
  routeTree,
  basepath: '/dashboard',
  defaultPreload: 'intent',
  defaultPreloadStaleTime: 0,
  scrollRestoration: true,
  defaultPendingComponent: () => <FullPageSpinner />,
});

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}

// Any call answered 401 (the session ended): forget the user and go to sign in, then come back.
setUnauthorizedHandler(() => {
  if (onPublicPage()) return;
  const redirect = currentPublicPath();
  peekQueryClient()?.removeQueries({ queryKey: queryKeys.me });
  void router.navigate({ to: '/login', search: { redirect }, replace: true });
});

// A new release replaced the files of the one this tab started with: a screen or a dialog fetched on
// demand is gone. Reload once to run the new release (the editor keeps its local draft), rather than
// leave a button that does nothing; a second failure within a minute is left to the screen's error.
window.addEventListener('vite:preloadError', (event) => {
  const last = Number(sessionStorage.getItem('comptoir:release-reload') ?? 0);
  if (Date.now() - last < 60_000) return;
  sessionStorage.setItem('comptoir:release-reload', String(Date.now()));
  event.preventDefault();
  window.location.reload();
});

const root = createRoot(document.getElementById('root')!);

// The deployment's facts come from the server before the first screen (one build for every domain).
function start(): void {
  root.render(<FullPageSpinner />);
  loadRuntimeConfig().then(
    () =>
      root.render(
        <StrictMode>
          <RouterProvider router={router} />
        </StrictMode>,
      ),
    () => root.render(<StartFailure onRetry={start} />),
  );
}
start();
