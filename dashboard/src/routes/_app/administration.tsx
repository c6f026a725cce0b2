import { createFileRoute } from '@tanstack/react-router';
import { AdministrationLayout } from '../../features/administration/administration-layout';

export const Route = createFileRoute('/_app/administration')({
  component: AdministrationLayout,
});
