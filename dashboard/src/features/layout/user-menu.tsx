import { useNavigate } from '@tanstack/react-router';
import { ChevronDown, LogOut, UserRound } from 'lucide-react';
import { fullName } from '../../lib/format';
import { Avatar } from '../../ui/avatar';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../../ui/dropdown-menu';
import { usePermissions } from '../auth/permissions';
import { useLogout } from './use-logout';

/** The top bar's avatar and name: "Mon profil" (everyone) and "Se déconnecter". */
export function UserMenu() {
  const { user } = usePermissions();
  const navigate = useNavigate();
  const logout = useLogout();
  const name = fullName(user);
  return (
    <DropdownMenu>
      <DropdownMenuTrigger className="flex items-center gap-1 rounded-md py-0.5 pl-0.5 pr-1 text-left transition-colors hover:bg-surface-muted focus-visible:outline-3 focus-visible:outline-accent-500">
        <Avatar src={user?.image} size="sm" />
        <span className="sr-only min-w-0 sm:not-sr-only sm:block">
          <span className="block max-w-[180px] truncate text-sm font-semibold text-ink" data-testid="topbar-user-name">
            {name}
          </span>
          <span className="block max-w-[180px] truncate text-xs text-ink-muted">
            {user?.role?.name ?? user?.profession ?? ''}
          </span>
        </span>
        <span className="sr-only"> : menu du compte</span>
        <ChevronDown className="hidden size-2 text-ink-subtle sm:block" aria-hidden="true" />
      </DropdownMenuTrigger>
      <DropdownMenuContent>
        <DropdownMenuLabel>{user?.email}</DropdownMenuLabel>
        <DropdownMenuItem icon={<UserRound />} onSelect={() => void navigate({ to: '/administration/profile' })}>
          Mon profil
        </DropdownMenuItem>
        <DropdownMenuSeparator />
        <DropdownMenuItem icon={<LogOut />} tone="danger" onSelect={() => void logout()}>
          Se déconnecter
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
