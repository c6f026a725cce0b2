import { createFileRoute } from '@tanstack/react-router';
import { RolesPage } from '../../../features/administration/roles/roles-page';

export const Route = createFileRoute('/_app/administration/roles')({
  component: RolesPage,
});
