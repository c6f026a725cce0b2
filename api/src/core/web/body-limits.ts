import express, { type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import { ApiError, ValidationFailed } from '../errors/api-error.js';
import { frenchMessageFor } from '../errors/french-defaults.js';
import { BODY_SHAPE, BODY_TOO_COMPLEX, INVALID_TEXT, bodyShapeProblem } from './body-shape.js';

/**
 * Bounded work per request, before any parsing cost: a byte limit per route (JSON.parse and qs then
 * cost at most that), then the shape check of `body-shape.ts` (keys, items, depth, well-formed text),
 * all before Nest's validation pipe runs class-transformer. Multipart bodies are bounded by multer's
 * limits (`media/upload-policy.ts`) and checked by `readForm` (`@FormBody`).
 */
export const BODY_LIMITS = {
  /** Anonymous forms and sign-in: a contact message, an order request with its lines, credentials. */
  publicForm: '32kb',
  /** Staff JSON (roles, statuses, article content when sent as JSON). */
  staff: '384kb',
} as const;

/** Throws a French 413 (too many keys or items, too deep) or a 422 naming the field (invalid Unicode). */
export function assertBodyShape(body: unknown): void {
  const problem = bodyShapeProblem(body);
  if (!problem) return;
  if (problem.kind === 'too-complex') throw new ApiError(413, BODY_TOO_COMPLEX);
  throw new ValidationFailed({ [problem.field]: [INVALID_TEXT] });
}

/** body-parser's errors as the API's French ones (413 for size and parameter count, 400 for syntax). */
function translate(error: unknown): unknown {
  const e = error as { type?: string; status?: number };
  if (e?.type === 'entity.too.large' || e?.type === 'parameters.too.many') return new ApiError(413, frenchMessageFor(413));
  if (e?.type === 'entity.parse.failed') return new ApiError(400, 'Le corps de la requête n’est pas un JSON valide.');
  if (typeof e?.status === 'number' && e.status >= 400 && e.status < 500)
    return new ApiError(e.status, frenchMessageFor(e.status));
  return error;
}

/** `publicWrites`: the paths of the routes declared with @PublicWrite or @RateLimited (the smallest limit). */
export function boundedBodies(publicWrites: ReadonlySet<string>): RequestHandler {
  const limitFor = (req: Request) => (publicWrites.has(req.path.replace(/\/+$/, '')) ? 'publicForm' : 'staff');
  const parsersFor = (limit: string): [RequestHandler, RequestHandler] => [
    express.json({ limit }),
    // qs refuses more parameters than this with 413 before building the object.
    express.urlencoded({ extended: true, limit, parameterLimit: BODY_SHAPE.maxKeys }),
  ];
  const parsers = { publicForm: parsersFor(BODY_LIMITS.publicForm), staff: parsersFor(BODY_LIMITS.staff) };

  return (req: Request, res: Response, next: NextFunction) => {
    const [json, urlencoded] = parsers[limitFor(req)];
    json(req, res, (jsonError?: unknown) => {
      if (jsonError) return next(translate(jsonError));
      urlencoded(req, res, (formError?: unknown) => {
        if (formError) return next(translate(formError));
        try {
          assertBodyShape(req.body);
          assertBodyShape(req.query);
        } catch (error) {
          return next(error);
        }
        next();
      });
    });
  };
}
