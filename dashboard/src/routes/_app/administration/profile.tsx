import { createFileRoute } from '@tanstack/react-router';
import { ProfilePage } from '../../../features/administration/profile/profile-page';

export const Route = createFileRoute('/_app/administration/profile')({
  component: ProfilePage,
});
