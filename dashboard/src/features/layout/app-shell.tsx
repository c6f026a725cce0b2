import { useRouterState } from '@tanstack/react-router';
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { copyrightLine, DESIGNER_CREDIT } from '../../lib/brand';
import { ReauthHost } from '../auth/reauth-host';
import { GlobalSearchProvider, useGlobalSearch } from '../search/search-context';
import { SidebarContent } from './sidebar';
import { Topbar } from './topbar';

// The drawer of small screens (Radix's dialog) is fetched the first time the menu is opened.
const MobileMenu = lazy(() => import('./mobile-menu'));

// Fetched the first time someone opens the global search (button or keyboard shortcut).
const SearchOverlay = lazy(() => import('../search/search-overlay').then((m) => ({ default: m.SearchOverlay })));

function LazySearchOverlay() {
  const { open } = useGlobalSearch();
  const [wanted, setWanted] = useState(open);
  useEffect(() => {
    if (open) setWanted(true);
  }, [open]);
  return wanted ? (
    <Suspense fallback={null}>
      <SearchOverlay />
    </Suspense>
  ) : null;
}

/**
 * The signed-in frame of every screen: sidebar (fixed from 1200 px, a drawer below), top bar,
 * the page, the footer, and the global search overlay's mount point.
 */
export function AppShell({ children }: { children: ReactNode }) {
  const [menuOpen, setMenuOpen] = useState(false);
  const [menuWanted, setMenuWanted] = useState(false);
  useEffect(() => {
    if (menuOpen) setMenuWanted(true);
  }, [menuOpen]);
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  useEffect(() => setMenuOpen(false), [pathname]);

  return (
    <GlobalSearchProvider>
      <a
        href="#contenu"
        className="sr-only z-50 rounded-md bg-surface px-2 py-1 text-sm font-medium text-brand-700 shadow-raised focus:not-sr-only focus:fixed focus:left-1 focus:top-1"
      >
        Aller au contenu
      </a>
      <div className="min-h-dvh bg-surface-muted lg:grid lg:grid-cols-[256px_minmax(0,1fr)]">
        <aside className="sticky top-0 hidden h-dvh lg:block" aria-label="Barre latérale">
          <SidebarContent />
        </aside>
        {menuWanted ? (
          <Suspense fallback={null}>
            <MobileMenu open={menuOpen} onOpenChange={setMenuOpen} />
          </Suspense>
        ) : null}
        <div className="flex min-h-dvh min-w-0 flex-col">
          <Topbar onOpenMenu={() => setMenuOpen(true)} />
          <main id="contenu" tabIndex={-1} className="flex-1 px-2 py-3 focus:outline-none sm:px-3 lg:px-4">
            {children}
          </main>
          <footer className="flex flex-col gap-0.5 border-t border-line px-2 py-1.5 text-xs text-ink-muted sm:flex-row sm:justify-between sm:px-3 lg:px-4">
            <p>{copyrightLine()}</p>
            <p>{DESIGNER_CREDIT}</p>
          </footer>
        </div>
      </div>
      <LazySearchOverlay />
      <ReauthHost />
    </GlobalSearchProvider>
  );
}
