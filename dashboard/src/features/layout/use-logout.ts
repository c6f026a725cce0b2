import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useConfirm } from '../../ui/confirm-dialog';
import { logout } from '../auth/api';

/** "Se déconnecter": asks first, then goes to the sign-in page whatever the server answered. */
export function useLogout(): () => Promise<void> {
  const confirm = useConfirm();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return async () => {
    const confirmed = await confirm({
      title: 'Déconnexion',
      message: 'Voulez-vous vraiment vous déconnecter ?',
      confirmLabel: 'Se déconnecter',
      tone: 'primary',
      action: () => logout().catch(() => undefined),
    });
    if (!confirmed) return;
    queryClient.clear();
    await navigate({ to: '/login', search: {}, replace: true });
  };
}
