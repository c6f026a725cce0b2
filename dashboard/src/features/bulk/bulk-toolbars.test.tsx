import type { StaffArticle } from '@comptoir/api/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ConfirmProvider } from '../../ui/confirm-dialog';
import type { RowSelection } from './use-row-selection';

const rights = vi.hoisted(() => ({ granted: new Set<string>() }));
vi.mock('../auth/permissions', () => ({
  usePermissions: () => ({ can: (category: string, right = 'view') => rights.granted.has(`${category}.${right}`) }),
}));
vi.mock('./api', () => ({ runBulk: vi.fn(), undoBulk: vi.fn() }));
vi.mock('sonner', () => ({ toast: { success: vi.fn(), warning: vi.fn(), error: vi.fn() } }));

const { runBulk } = await import('./api');
const { toast } = await import('sonner');
const { ArticleBulkActions } = await import('./article-bulk-actions');
const { OrderBulkActions } = await import('./order-bulk-actions');
const { ProductBulkActions } = await import('./product-bulk-actions');

const rowsOf = <T,>(ids: number[]): RowSelection<T> => ({
  table: {} as RowSelection<T>['table'],
  selection: { ids, all: false },
  count: ids.length,
  clear: vi.fn(),
});
const wrap = (children: ReactNode) =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false, enabled: false } } })}>
      <ConfirmProvider>{children}</ConfirmProvider>
    </QueryClientProvider>,
  );
const answer = (message: string, refused: { label: string; reason: string }[] = []) =>
  ({ message, refused, operation_id: 4, undo_until: null }) as never;

beforeEach(() => {
  vi.clearAllMocks();
  rights.granted = new Set(['blog.edit', 'blog.delete', 'shop.edit', 'shop.delete']);
});
afterEach(cleanup);

describe('a list’s bulk toolbar', () => {
  it('asks before deleting the chosen articles, sends the ids, then says what was done and lets go of the rows', async () => {
    const rows = rowsOf<StaffArticle>([3, 5, 8]);
    vi.mocked(runBulk).mockResolvedValue(answer('3 supprimés'));
    wrap(<ArticleBulkActions rows={rows} filter={{}} />);
    expect(screen.getByRole('toolbar').textContent).toContain('3 articles sélectionnés');
    fireEvent.click(screen.getByRole('button', { name: 'Supprimer' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText('Supprimer 3 articles ?')).toBeTruthy();
    expect(runBulk).not.toHaveBeenCalled();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Supprimer' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('3 supprimés', expect.anything()));
    expect(runBulk).toHaveBeenCalledWith('blog', { ids: [3, 5, 8], all: false }, {}, { action: 'delete' });
    expect(rows.clear).toHaveBeenCalled();
  });

  it('sends nothing when the question is answered no', async () => {
    wrap(<ArticleBulkActions rows={rowsOf([3])} filter={{}} />);
    fireEvent.click(screen.getByRole('button', { name: 'Publier' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText('Publier 1 article ?')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Annuler' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(runBulk).not.toHaveBeenCalled();
  });

  it('shows only the actions the user’s rights allow', () => {
    rights.granted = new Set(['shop.edit']);
    wrap(<ProductBulkActions rows={rowsOf([1, 2])} filter={{}} />);
    const names = within(screen.getByRole('toolbar'))
      .getAllByRole('button')
      .map((b) => b.textContent);
    expect(names).toEqual([
      'Changer les prix',
      'Catégorie',
      'Marque',
      'Populaires',
      'Retirer des populaires',
      'Effacer la sélection',
    ]);
  });

  it('warns with the refused products under the summary', async () => {
    vi.mocked(runBulk).mockResolvedValue(
      answer('1 modifié, 1 refusé', [{ label: 'Pompe', reason: 'Modifié par quelqu’un d’autre' }]),
    );
    wrap(<ProductBulkActions rows={rowsOf([1, 2])} filter={{}} />);
    fireEvent.click(screen.getByRole('button', { name: 'Populaires' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Ajouter' }));
    await waitFor(() =>
      expect(toast.warning).toHaveBeenCalledWith(
        '1 modifié, 1 refusé',
        expect.objectContaining({ description: 'Pompe : Modifié par quelqu’un d’autre' }),
      ),
    );
    expect(runBulk).toHaveBeenCalledWith('product', { ids: [1, 2], all: false }, {}, { action: 'spotlight', in_spotlight: true });
  });

  it('names the chosen orders in the feminine', () => {
    wrap(<OrderBulkActions rows={rowsOf([1])} filter={{}} />);
    expect(screen.getByRole('toolbar').textContent).toContain('1 commande sélectionnée');
  });
});
