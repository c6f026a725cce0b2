import type { PublicProduct } from '@comptoir/api/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { isApiError } from '../../lib/api';
import { queryKeys } from '../../lib/query-keys';
import { notifyError, notifySuccess } from '../../ui/notify';
import { toggleSpotlight } from './api';

/** "Marquer comme populaire" / "Retirer des populaires": toggles the flag, then the lists reload. */
export function useSpotlightToggle() {
  const queryClient = useQueryClient();
  const [pendingId, setPendingId] = useState<number | null>(null);

  const toggle = async (product: Pick<PublicProduct, 'id'>) => {
    setPendingId(product.id);
    try {
      const answer = await toggleSpotlight(product.id);
      notifySuccess(
        answer.in_spotlight ? 'Produit ajouté aux populaires avec succès.' : 'Produit retiré des populaires avec succès.',
      );
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.products.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.publishingStatus }),
      ]);
    } catch (error) {
      if (isApiError(error) && error.isNetworkError) {
        notifyError('Erreur réseau', 'Une erreur est survenue lors de la mise à jour');
      } else {
        notifyError('Erreur lors de la mise à jour', isApiError(error) ? error.serverMessage : undefined);
      }
    } finally {
      setPendingId(null);
    }
  };

  return { toggle, pendingId };
}
