import { createFileRoute } from '@tanstack/react-router';
import { NotFoundInShell } from '../../../features/layout/not-found-page';
import { ProductDetailPage } from '../../../features/products/product-detail-page';

/** `?mouvements=` keeps the stock history's page in the address. */
function validateSearch(search: Record<string, unknown>): { mouvements?: number } {
  const page = Number(search.mouvements);
  return Number.isInteger(page) && page > 1 ? { mouvements: page } : {};
}

export const Route = createFileRoute('/_app/produit/$id')({
  validateSearch,
  component: function ProductRoute() {
    const { id } = Route.useParams();
    const { mouvements = 1 } = Route.useSearch();
    const navigate = Route.useNavigate();
    const productId = /^\d{1,10}$/.test(id) ? Number(id) : NaN;
    if (!Number.isInteger(productId) || productId < 1) return <NotFoundInShell />;
    return (
      <ProductDetailPage
        key={productId}
        productId={productId}
        movementsPage={mouvements}
        onMovementsPageChange={(next) =>
          void navigate({ search: (prev) => ({ ...prev, mouvements: next > 1 ? next : undefined }), resetScroll: false })
        }
      />
    );
  },
});
