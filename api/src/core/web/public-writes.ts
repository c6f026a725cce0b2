import { SetMetadata } from '@nestjs/common';

/**
 * Public routes that take a body declare how they are bounded, on the route itself: they get the
 * public body limit (body-limits.ts, read from this metadata at boot) and name the throttle that
 * counts them. The security tests enumerate the application's routes: a new public route taking a
 * body without this declaration fails them.
 */
export const PUBLIC_WRITE = 'comptoir:public-write';

export interface PublicWritePolicy {
  /** What counts the requests: a public rate limit (public-rate-limit.ts), or the service's own throttle. */
  throttle: 'order' | 'estimate' | 'contact' | 'newsletter' | 'sign-in' | 'recovery' | 'client' | 'client-write' | 'my-orders';
}

export const PublicWrite = (policy: PublicWritePolicy) => SetMetadata(PUBLIC_WRITE, policy);
