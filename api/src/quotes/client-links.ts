import { HttpStatus } from '@nestjs/common';
import { createHash, randomBytes } from 'node:crypto';
import { IsNull, type EntityManager } from 'typeorm';
import { ApiError } from '../core/errors/api-error.js';
import { Order } from '../orders/entities/order.entity.js';
import { ClientLink } from './entities/client-link.entity.js';

/** A quote's link opens its order this long (the quote's validity, its delivery and invoices). */
export const ORDER_LINK_DAYS = 90;
/** A "Mes commandes" link lists the address's orders this long. */
export const ORDERS_LINK_DAYS = 7;
const DAY_MS = 24 * 60 * 60_000;

export const LINK_INVALID =
  'Ce lien n’est plus valable (expiré, remplacé ou révoqué). Demandez un nouveau lien depuis la page « Mes commandes ».';

export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/**
 * Makes a link and answers its token (43 characters, 256 random bits). Only the hash is stored: the
 * token exists in the e-mail alone, as the staff sign-in links do.
 */
export async function issueClientLink(
  manager: EntityManager,
  input: { orderId: number | null; email: string; days: number },
  now = new Date(),
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await manager.getRepository(ClientLink).insert({
    token_hash: sha256(token),
    order_id: input.orderId,
    email: input.email.toLowerCase(),
    expires_at: new Date(now.getTime() + input.days * DAY_MS),
    revoked_at: null,
  });
  return token;
}

/** The link of this token, while it is valid; a French 410 otherwise (unknown, expired or revoked alike). */
export async function validLink(manager: EntityManager, token: string, now = new Date()): Promise<ClientLink> {
  const link = await manager.getRepository(ClientLink).findOneBy({ token_hash: sha256(token), revoked_at: IsNull() });
  if (!link || new Date(link.expires_at).getTime() <= now.getTime()) throw new ApiError(HttpStatus.GONE, LINK_INVALID);
  return link;
}

/** Whether an order belongs to the address of a "Mes commandes" link (company or representative e-mail). */
export const orderOfAddress = (order: Pick<Order, 'company_email' | 'representative_email'>, email: string) =>
  order.company_email.toLowerCase() === email || order.representative_email.toLowerCase() === email;

/**
 * The order a link opens: its own, or, for a "Mes commandes" link, the one asked for when it belongs
 * to the address. Anything else is the same 410 as a bad token (nothing tells an order exists).
 */
export async function orderOfLink(manager: EntityManager, link: ClientLink, orderId: number | undefined): Promise<Order> {
  const id = link.order_id ?? orderId;
  if (!id || (link.order_id && orderId && orderId !== link.order_id)) throw new ApiError(HttpStatus.GONE, LINK_INVALID);
  const order = await manager.getRepository(Order).findOneBy({ id });
  if (!order || (!link.order_id && !orderOfAddress(order, link.email))) throw new ApiError(HttpStatus.GONE, LINK_INVALID);
  return order;
}
