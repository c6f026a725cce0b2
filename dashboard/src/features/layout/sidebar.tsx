import { Link, useRouterState } from '@tanstack/react-router';
import { cn } from '../../lib/cn';
import { usePermissions } from '../auth/permissions';
import { SearchTrigger } from '../search/search-trigger';
import { Logo } from './logo';
import { isActive, NAV_SECTIONS } from './nav';

/** The sidebar's content: logo, search box, and the sections the user may view. */
export function SidebarContent({ onNavigate }: { onNavigate?: () => void }) {
  const { can } = usePermissions();
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const sections = NAV_SECTIONS.filter((section) => !section.category || can(section.category, 'view'));

  return (
    <div className="flex h-full flex-col gap-2 bg-brand-900 px-1.5 py-2 text-brand-100">
      <Link
        to="/"
        className="rounded-md px-1 py-0.5 focus-visible:outline-3 focus-visible:outline-accent-500"
        onClick={onNavigate}
      >
        <Logo tone="light" />
        <span className="sr-only"> — tableau de bord</span>
      </Link>
      <SearchTrigger />
      <nav aria-label="Menu principal" className="-mx-0.5 flex-1 overflow-y-auto px-0.5">
        {sections.map((section, index) => (
          <div key={section.title ?? index} className="mt-2 first:mt-0">
            {section.title ? (
              <h2 className="mb-0.5 px-1 text-[11px] font-semibold uppercase tracking-[0.12em] text-brand-300">
                {section.title}
              </h2>
            ) : null}
            <ul className="flex flex-col gap-0.5">
              {section.items.map((item) => {
                const active = isActive(item, pathname);
                const Icon = item.icon;
                return (
                  <li key={item.to}>
                    <Link
                      // Routes of screens built later are not in the typed route tree yet.
                      to={item.to as '/'}
                      onClick={onNavigate}
                      aria-current={active ? 'page' : undefined}
                      className={cn(
                        'flex h-5 items-center gap-1.5 rounded-md px-1 text-sm font-medium transition-colors',
                        'focus-visible:outline-3 focus-visible:outline-accent-500',
                        active ? 'bg-white text-brand-800 shadow-card' : 'text-brand-100 hover:bg-white/10 hover:text-white',
                      )}
                    >
                      <Icon className={cn('size-2 shrink-0', active ? 'text-accent-600' : 'text-brand-300')} aria-hidden="true" />
                      {item.label}
                    </Link>
                  </li>
                );
              })}
            </ul>
          </div>
        ))}
      </nav>
    </div>
  );
}
