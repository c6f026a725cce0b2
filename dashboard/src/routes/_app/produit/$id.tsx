import { createFileRoute } from '@tanstack/react-router';
import { NotFoundInShell } from '../../../features/layout/not-found-page';
import { ProductDetailPage } from '../../../features/products/product-detail-page';

export const Route = createFileRoute('/_app/produit/$id')({
  component: function ProductRoute() {
    const { id } = Route.useParams();
    const productId = /^\d{1,10}$/.test(id) ? Number(id) : NaN;
    if (!Number.isInteger(productId) || productId < 1) return <NotFoundInShell />;
    return <ProductDetailPage key={productId} productId={productId} />;
  },
});
