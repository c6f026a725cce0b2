import { createFileRoute } from '@tanstack/react-router';
import { RecoveryPage } from '../../features/auth/recovery-page';

export const Route = createFileRoute('/account/recovery')({
  component: RecoveryPage,
});
