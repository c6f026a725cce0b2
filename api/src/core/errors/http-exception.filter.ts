import { Catch, HttpException, Logger, type ArgumentsHost, type ExceptionFilter } from '@nestjs/common';
import type { Response } from 'express';
import { ApiError } from './api-error.js';
import { isDatabaseUnavailable, isStorageFull } from './database-errors.js';
import { frenchMessageFor } from './french-defaults.js';

export const STORAGE_FULL =
  "Le serveur manque d'espace disque : l'opération n'a pas été enregistrée. Réessayez plus tard ou prévenez l'administrateur du site.";

/**
 * The one error format of the API: `{ message }` in French, plus `errors` for validation (422).
 * Stacks and SQL stay in the server log; the client only ever gets the French text.
 */
@Catch()
export class HttpExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('HttpExceptionFilter');

  catch(exception: unknown, host: ArgumentsHost): void {
    const response = host.switchToHttp().getResponse<Response>();
    const { status, body } = this.describe(exception);
    if (status >= 500) {
      this.logger.error(exception instanceof Error ? (exception.stack ?? exception.message) : String(exception));
    }
    if (response.headersSent) return;
    if (status === 503) response.setHeader('Retry-After', '5');
    response.status(status).json({ success: false, ...body });
  }

  private describe(exception: unknown): { status: number; body: Record<string, unknown> } {
    if (exception instanceof ApiError) {
      return { status: exception.getStatus(), body: exception.getResponse() as Record<string, unknown> };
    }
    if (exception instanceof HttpException) {
      const status = exception.getStatus();
      return { status, body: { message: frenchMessageFor(status) } };
    }
    const multer = multerStatus(exception);
    if (multer) return { status: multer.status, body: { message: multer.message } };
    const parse = exception as { type?: string; status?: number };
    if (parse?.type === 'entity.parse.failed') {
      return { status: 400, body: { message: 'Le corps de la requête n’est pas un JSON valide.' } };
    }
    if (parse?.type === 'entity.too.large') return { status: 413, body: { message: frenchMessageFor(413) } };
    // Before the outage test: a full disk is not a database that is away, and retrying will not help.
    if (isStorageFull(exception)) return { status: 507, body: { message: STORAGE_FULL } };
    if (isDatabaseUnavailable(exception)) return { status: 503, body: { message: frenchMessageFor(503) } };
    return { status: 500, body: { message: frenchMessageFor(500) } };
  }
}

function multerStatus(exception: unknown): { status: number; message: string } | undefined {
  const e = exception as { name?: string; code?: string; field?: string };
  if (e?.name !== 'MulterError') return undefined;
  switch (e.code) {
    case 'LIMIT_FILE_SIZE':
      return { status: 413, message: "L'image ne doit pas dépasser 5MB." };
    case 'LIMIT_FILE_COUNT':
    case 'LIMIT_UNEXPECTED_FILE':
      return { status: 422, message: 'Trop de fichiers ou champ de fichier inattendu.' };
    default:
      return { status: 400, message: frenchMessageFor(400) };
  }
}
