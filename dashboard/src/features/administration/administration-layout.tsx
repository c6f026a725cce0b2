import { Outlet, useRouterState } from '@tanstack/react-router';
import { ArrowLeftRight, History, KeyRound, ShieldCheck, UserRound } from 'lucide-react';
import { LinkTabs, type LinkTab } from '../../ui/tabs';
import { usePermissions } from '../auth/permissions';

/** /dashboard/administration: title, tabs ("Mon profil" always, the others with admin view), the tab's page. */
export function AdministrationLayout() {
  const { can } = usePermissions();
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const tabs: LinkTab[] = [
    {
      to: '/administration/profile',
      label: 'Mon profil',
      icon: <UserRound className="size-2" aria-hidden="true" />,
      alsoActiveOn: ['/administration'],
    },
  ];
  if (can('admin', 'view')) {
    tabs.push(
      { to: '/administration/admins', label: 'Administrateurs', icon: <ShieldCheck className="size-2" aria-hidden="true" /> },
      { to: '/administration/roles', label: 'Rôles', icon: <KeyRound className="size-2" aria-hidden="true" /> },
      {
        to: '/administration/taux-de-change',
        label: 'Taux de change',
        icon: <ArrowLeftRight className="size-2" aria-hidden="true" />,
      },
      {
        to: '/administration/journal',
        label: "Journal d'activité",
        icon: <History className="size-2" aria-hidden="true" />,
      },
    );
  }
  return (
    <div>
      <h1 className="mb-2 text-2xl font-semibold text-ink">Administration</h1>
      <LinkTabs tabs={tabs} label="Administration" currentPath={pathname} />
      <div className="pt-3">
        <Outlet />
      </div>
    </div>
  );
}
