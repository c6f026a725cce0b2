import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  RouterProvider,
  type AnyRouter,
} from '@tanstack/react-router';
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { validateListSearch } from './list-search';
import { idParam, validateSortSearch } from './list-sort';
import { useListNavigation } from './use-list-navigation';

function validateBrandsSearch(raw: Record<string, unknown>) {
  return { ...validateListSearch(raw), ...validateSortSearch(raw), brand_id: idParam(raw.brand_id) };
}

let nav: ReturnType<typeof useListNavigation<ReturnType<typeof validateBrandsSearch>>>;

/** A list route as the dashboard's are made: its search checked by the route, changed by the hook. */
function openList(url: string): AnyRouter {
  const root = createRootRoute();
  const list = createRoute({
    getParentRoute: () => root,
    path: '/produits',
    validateSearch: validateBrandsSearch,
    component: function List() {
      nav = useListNavigation(validateBrandsSearch);
      const { page = 1 } = list.useSearch();
      return <p>Page {page}</p>;
    },
  });
  const router = createRouter({
    routeTree: root.addChildren([list]),
    history: createMemoryHistory({ initialEntries: [url] }),
  });
  render(<RouterProvider router={router} />);
  return router;
}
const address = (router: AnyRouter) => decodeURIComponent(router.state.location.href);

afterEach(cleanup);

describe('a list’s place in the URL', () => {
  it('opens a shared link at its page, and moves between pages, page 1 out of the URL', async () => {
    const router = openList('/produits?page=3&sort=price&dir=desc');
    expect(await screen.findByText('Page 3')).toBeTruthy();
    await act(async () => nav.onPageChange(4));
    expect(address(router)).toBe('/produits?page=4&sort=price&dir=desc');
    await act(async () => nav.onPageChange(1));
    expect(address(router)).toBe('/produits?sort=price&dir=desc');
    expect(screen.getByText('Page 1')).toBeTruthy();
  });

  it('goes back to page 1 on a new search, order or facet, and keeps the rest', async () => {
    const router = openList('/produits?page=3&sort=price');
    await screen.findByText('Page 3');
    await act(async () => nav.onSearchChange('pompe'));
    expect(address(router)).toBe('/produits?sort=price&search=pompe');
    await act(async () => nav.onPageChange(2));
    await act(async () => nav.onViewChange({ brand_id: 5 }));
    expect(address(router)).toBe('/produits?sort=price&search=pompe&brand_id=5');
    await act(async () => nav.onSearchChange(''));
    expect(address(router)).toBe('/produits?sort=price&brand_id=5');
  });

  it('replaces everything with a saved view, what the route refuses left out', async () => {
    const router = openList('/produits?page=2&search=gants&brand_id=4');
    await screen.findByText('Page 2');
    await act(async () => nav.onViewReplace({ sort: 'name', dir: 'asc', brand_id: 'x', size: 37 }));
    expect(address(router)).toBe('/produits?sort=name&dir=asc');
  });
});
