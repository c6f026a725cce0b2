import { createRootRoute, Outlet } from '@tanstack/react-router';
import { NotFoundPage } from '../features/layout/not-found-page';
import { ToasterHost } from '../ui/toaster-host';

export const Route = createRootRoute({
  component: RootLayout,
  notFoundComponent: NotFoundPage,
});

function RootLayout() {
  return (
    <>
      <Outlet />
      <ToasterHost />
    </>
  );
}
