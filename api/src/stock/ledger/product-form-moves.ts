import type { EntityManager } from 'typeorm';
import { changeAvailable } from './stock-ledger.js';

/**
 * What the product form's stock figure does to the ledger, in the product save's transaction (the
 * catalogue calls these through `catalogue/product-form-stock.ts`, which the stock module fills).
 */

/** A new product's figure comes in as an `opening` movement, part of the form's save (same version, same author). */
export async function openingFromForm(manager: EntityManager, productId: number, quantity: number): Promise<void> {
  await changeAvailable(
    manager,
    productId,
    'opening',
    quantity,
    { comment: 'Stock initial saisi à la création du produit', documentType: 'product', documentId: productId },
    { withEdit: true },
  );
}

/**
 * The form's stock field is the available quantity (the spec's product dialog). The save sets it,
 * so the product's history shows it before and after, and the ledger gets the matching
 * `adjustment` (`erreur_de_saisie`, "Modifié depuis la fiche produit"), lots consumed
 * first-expiring first when it goes down. The row was locked before the save: `before` is the
 * figure the save replaced.
 */
export async function adjustmentFromForm(
  manager: EntityManager,
  productId: number,
  before: number,
  typed: number,
): Promise<void> {
  if (before === typed) return;
  await changeAvailable(
    manager,
    productId,
    'adjustment',
    typed - before,
    {
      reason: 'erreur_de_saisie',
      comment: 'Modifié depuis la fiche produit',
      documentType: 'product',
      documentId: productId,
    },
    { columnsSet: true, consumeLots: true },
  );
}
