import { Injectable, type NestMiddleware } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import { AsyncLocalStorage } from 'node:async_hooks';
import { clientOf } from '../common/client-info.js';

/** Who made a change, as the audit entry records it. */
export interface AuditActor {
  actor: 'staff' | 'public' | 'system';
  userId: number | null;
  /** Null: looked up from `userId` when the entry is written (the name at the time). */
  userName: string | null;
  ip: string | null;
}

interface AuditScope {
  /** The HTTP request being served; its principal is read when an entry is written (set after auth). */
  req?: Request;
  /** Set explicitly (sign-in, password reset by link, commands): wins over the request's principal. */
  actor?: AuditActor;
  /** Set by a bulk writer that records one entry for the whole operation (an import): no entry per row. */
  rowsUnrecorded?: boolean;
}

const scope = new AsyncLocalStorage<AuditScope>();

/**
 * The actor of the code running now: the signed-in user of the request, "public" for a request
 * without a session (a visitor's order request), or an explicit actor. Null outside any request or
 * explicit scope (boot, seeding, tests' direct database work): nothing is recorded then.
 */
export function currentActor(): AuditActor | null {
  const current = scope.getStore();
  if (!current) return null;
  if (current.actor) return current.actor;
  const req = current.req;
  if (!req) return null;
  const ip = clientOf(req).ip;
  if (req.principal) return { actor: 'staff', userId: req.principal.userId, userName: null, ip };
  return { actor: 'public', userId: null, userName: null, ip };
}

/** The client address of the current request, if any. */
export function currentIp(): string | null {
  const req = scope.getStore()?.req;
  return req ? clientOf(req).ip : null;
}

/**
 * Runs `work` without the per-row entries of the audit subscriber (audit.subscriber.ts), for an
 * operation that records one entry of its own with its counts (an import of 10,000 rows is one
 * entry, not 10,000). The actor stays known to everything else (stock movements name it).
 */
export function runWithoutRowEntries<T>(work: () => T): T {
  return scope.run({ ...scope.getStore(), rowsUnrecorded: true }, work);
}

/** Whether the subscriber's per-row entries are off (see runWithoutRowEntries). */
export const rowEntriesOff = (): boolean => Boolean(scope.getStore()?.rowsUnrecorded);

/** Runs `work` with an explicit actor (e.g. the user signing in, or a command run by the system). */
export function runAsActor<T>(actor: AuditActor, work: () => T): T {
  return scope.run({ ...scope.getStore(), actor }, work);
}

/**
 * Opens the audit scope of each API request. It only keeps a reference to the request: the
 * principal is read when a change is recorded, so the order of this and the session middleware
 * does not matter.
 */
@Injectable()
export class AuditContextMiddleware implements NestMiddleware {
  use(req: Request, _res: Response, next: NextFunction): void {
    scope.run({ req }, next);
  }
}
