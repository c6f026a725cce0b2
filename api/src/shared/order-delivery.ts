/**
 * What an order request needs for its delivery, shared by the API's validation and the public order
 * dialog (`@comptoir/api/order-delivery`), so that both refuse the same request with the same words.
 */

/** The order form's delivery methods (spec section 9): all three are transports to the client. */
export const DELIVERY_METHODS = ['Air', 'Route', 'Mer'] as const;
export type DeliveryMethod = (typeof DELIVERY_METHODS)[number];

/**
 * The methods where the company carries the goods to the client, who must then say where. A pickup
 * method (the client collects at the warehouse) would be left out of this list.
 */
const CARRIED: readonly string[] = DELIVERY_METHODS;

/** Whether a request with this delivery method must give a delivery address. */
export function needsDeliveryAddress(method: string | null | undefined): boolean {
  return typeof method === 'string' && CARRIED.includes(method.trim());
}

/** Longest accepted texts, the same in the form and in the API. */
export const DELIVERY_FIELD_LIMITS = { delivery_address: 500, client_reference: 100, note: 1000 } as const;

export const DELIVERY_ADDRESS_REQUIRED = 'Indiquez l’adresse de livraison : ce mode de livraison l’exige.';

/** The address error of a request, or null: the one rule both sides apply. */
export function deliveryAddressError(method: string | null | undefined, address: string | null | undefined): string | null {
  return needsDeliveryAddress(method) && !(address ?? '').trim() ? DELIVERY_ADDRESS_REQUIRED : null;
}
