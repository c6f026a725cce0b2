import { Injectable, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import type { Request, Response } from 'express';
import multer from 'multer';
import { ApiError, ValidationFailed, type FieldErrors } from '../core/errors/api-error.js';

/**
 * The upload policy of product datasheets: one PDF of at most 10 MB, recognised by its content (the
 * `%PDF-` header at the start and the `%%EOF` trailer at the end), whatever its name or declared type.
 */
export const DATASHEET_MAX_BYTES = 10 * 1024 * 1024;

export const DATASHEET_MESSAGES = {
  required: 'Choisissez un fichier PDF.',
  type: 'Ce fichier n’est pas un PDF valide.',
  size: 'Le fichier ne doit pas dépasser 10 Mo.',
  unexpected: "Ce fichier n'est pas attendu.",
};

const HEADER = Buffer.from('%PDF-');
const TRAILER = Buffer.from('%%EOF');

/** True when the bytes are a PDF: the header within the first 1 KB, the end-of-file marker in the last 1 KB. */
export function looksLikePdf(buffer: Buffer): boolean {
  const header = buffer.subarray(0, 1024).indexOf(HEADER);
  if (header === -1 || buffer.length < HEADER.length + TRAILER.length) return false;
  return buffer.subarray(Math.max(0, buffer.length - 1024)).includes(TRAILER);
}

/**
 * An upload checked at the edge (`checkedDatasheet`): the PDF's bytes, or what is wrong with the file in
 * French, which the service answers in one 422 with the form's own errors, after the product's 404.
 */
export type CheckedDatasheet = { pdf: Buffer; errors: FieldErrors } | { pdf: null; errors: FieldErrors };

/** Checks the uploaded file against the policy: content, not name or declared type. */
export function checkedDatasheet(file: { buffer?: Buffer } | undefined): CheckedDatasheet {
  const refused = (message: string): CheckedDatasheet => ({ pdf: null, errors: { file: [message] } });
  if (!file?.buffer?.length) return refused(DATASHEET_MESSAGES.required);
  if (file.buffer.length > DATASHEET_MAX_BYTES) return refused(DATASHEET_MESSAGES.size);
  if (!looksLikePdf(file.buffer)) return refused(DATASHEET_MESSAGES.type);
  return { pdf: file.buffer, errors: {} };
}

const parse = multer({
  storage: multer.memoryStorage(),
  defParamCharset: 'utf8',
  limits: { fileSize: DATASHEET_MAX_BYTES, files: 1, fields: 10, parts: 11, fieldSize: 64 * 1024 },
}).single('file');

/** Reads the multipart form of a datasheet (`file`, `title`, `version`); a too large file answers 422. */
@Injectable()
export class DatasheetUploadInterceptor implements NestInterceptor {
  async intercept(context: ExecutionContext, next: CallHandler) {
    const http = context.switchToHttp();
    const req = http.getRequest<Request>();
    const res = http.getResponse<Response>();
    await new Promise<void>((resolve, reject) =>
      parse(req, res, (error: unknown) => {
        if (!error) return resolve();
        const e = error as { name?: string; code?: string };
        if (e.name !== 'MulterError') return reject(new ApiError(400, 'Le formulaire envoyé est invalide.'));
        if (e.code === 'LIMIT_FILE_SIZE') return reject(new ValidationFailed({ file: [DATASHEET_MESSAGES.size] }));
        if (e.code === 'LIMIT_UNEXPECTED_FILE' || e.code === 'LIMIT_FILE_COUNT') {
          return reject(new ValidationFailed({ file: [DATASHEET_MESSAGES.unexpected] }));
        }
        return reject(new ApiError(400, 'Le formulaire envoyé est invalide.'));
      }),
    );
    return next.handle();
  }
}
