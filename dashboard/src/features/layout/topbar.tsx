import { Link } from '@tanstack/react-router';
import { Menu, Settings } from 'lucide-react';
import { Can } from '../auth/permissions';
import { PendingOrdersBell } from './pending-orders-bell';
import { StockAlertsBell } from './stock-alerts-bell';
import { UserMenu } from './user-menu';

/** Top bar: menu button (small screens), settings and bell (admin view), the user's menu. */
export function Topbar({ onOpenMenu }: { onOpenMenu: () => void }) {
  return (
    <header className="sticky top-0 z-30 flex h-8 items-center gap-1 border-b border-line bg-surface/95 px-2 backdrop-blur sm:px-3">
      <button
        type="button"
        onClick={onOpenMenu}
        className="inline-flex size-5 items-center justify-center rounded-md text-ink-muted hover:bg-surface-muted hover:text-ink focus-visible:outline-3 focus-visible:outline-accent-500 lg:hidden"
        aria-label="Ouvrir le menu"
      >
        <Menu className="size-2.5" aria-hidden="true" />
      </button>
      <div className="flex-1" />
      <StockAlertsBell />
      <Can category="admin" right="view">
        <Link
          to="/administration/admins"
          className="inline-flex size-5 items-center justify-center rounded-md text-ink-muted transition-colors hover:bg-surface-muted hover:text-ink focus-visible:outline-3 focus-visible:outline-accent-500"
          aria-label="Paramètres d'administration"
        >
          <Settings className="size-2.5" aria-hidden="true" />
        </Link>
        <PendingOrdersBell />
      </Can>
      <span className="mx-0.5 h-4 w-px bg-line" aria-hidden="true" />
      <UserMenu />
    </header>
  );
}
