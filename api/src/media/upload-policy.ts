import {
  Injectable,
  Logger,
  mixin,
  type CallHandler,
  type ExecutionContext,
  type NestInterceptor,
  type Type,
} from '@nestjs/common';
import type { Request, Response } from 'express';
import { fileTypeFromBuffer } from 'file-type';
import multer from 'multer';
import { randomUUID } from 'node:crypto';
import sharp, { type OutputInfo } from 'sharp';
import { ApiError, ValidationFailed } from '../core/errors/api-error.js';
import type { Storage } from './storage/storage.js';
import { sanitizeSvgOffThread } from './svg-sanitizer.js';

/**
 * The one upload policy of the back-office images (avatars, brands, products, stock entries, articles):
 * PNG, JPEG, WEBP or SVG, at most 5048 KB, the type read from the content (magic bytes, then a real
 * header parse; SVG parsed as XML and sanitised), stored under a generated name.
 *
 *   @UseInterceptors(ImageUploadInterceptor('image'))
 *   async create(@Body() dto: XDto, @UploadedFile() file?: Express.Multer.File) {
 *     const image = file ? await checkImage(file, 'image') : undefined;       // 422 errors.image
 *     return saveWithImage(storage, 'brands', image, (path) => repo.save({ ...dto, image: path }));
 *   }
 */

export const IMAGE_MAX_BYTES = 5048 * 1024;

export const IMAGE_MESSAGES = {
  type: 'Format invalide. Formats acceptés : PNG, JPG, JPEG, SVG, WEBP.',
  size: "L'image ne doit pas dépasser 5MB.",
  activeSvg: 'Cette image SVG contient des scripts ou des liens externes et a été refusée.',
  complexSvg: 'Cette image SVG est trop complexe (trop d’éléments ou d’imbrications).',
  count: 'Trop de fichiers envoyés.',
  unexpected: "Ce fichier n'est pas attendu.",
};

export type ImageMessages = Partial<typeof IMAGE_MESSAGES>;

export type ImageExtension = 'png' | 'jpg' | 'webp' | 'svg';
export type ImageMime = 'image/png' | 'image/jpeg' | 'image/webp' | 'image/svg+xml';

/** An uploaded image that passed the policy; `buffer` is what gets stored (the sanitised text for SVG). */
export interface CheckedImage {
  buffer: Buffer;
  mime: ImageMime;
  extension: ImageExtension;
  size: number;
  width: number | null;
  height: number | null;
  originalName: string;
}

const RASTER: Record<string, { mime: ImageMime; extension: ImageExtension; sharpFormat: string }> = {
  'image/png': { mime: 'image/png', extension: 'png', sharpFormat: 'png' },
  'image/jpeg': { mime: 'image/jpeg', extension: 'jpg', sharpFormat: 'jpeg' },
  'image/webp': { mime: 'image/webp', extension: 'webp', sharpFormat: 'webp' },
};

const MAX_INPUT_PIXELS = 100_000_000;

/**
 * The bytes stored for a raster upload: decoded and encoded again in the same format, turned upright
 * per its EXIF orientation, with no metadata (sharp writes none unless asked: no EXIF, GPS position,
 * XMP or comments) and nothing after the image data (a polyglot's trailing HTML or archive is gone).
 * The uploaded bytes themselves are never stored or served. sharp does this on libuv's thread pool,
 * off the event loop.
 */
export async function reencode(buffer: Buffer, format: string): Promise<{ data: Buffer; info: OutputInfo }> {
  const image = sharp(buffer, { limitInputPixels: MAX_INPUT_PIXELS }).rotate();
  const encoded =
    format === 'jpeg'
      ? image.jpeg({ quality: 90, mozjpeg: true })
      : format === 'png'
        ? image.png({ compressionLevel: 9 })
        : image.webp({ quality: 90 });
  return encoded.toBuffer({ resolveWithObject: true });
}

/**
 * The image a route requires, checked at the edge (`checkImage`) so that the service takes the checked
 * image: a 422 « Une image est requise. » under `errors[field]` when the request carries none.
 */
export async function requiredImage(
  file: { buffer?: Buffer; size?: number; originalname?: string } | undefined,
  field: string,
): Promise<CheckedImage> {
  if (!file) throw new ValidationFailed({ [field]: ['Une image est requise.'] });
  return checkImage(file, field);
}

/**
 * Checks one uploaded file against the policy and answers the image to store, or throws a 422 with
 * `errors[field]`. The file's name and the browser's declared type are ignored.
 */
export async function checkImage(
  file: { buffer?: Buffer; size?: number; originalname?: string },
  field = 'image',
  messages: ImageMessages = {},
): Promise<CheckedImage> {
  const text = { ...IMAGE_MESSAGES, ...messages };
  const fail = (message: string) => new ValidationFailed({ [field]: [message] });
  const buffer = file.buffer;
  if (!buffer || buffer.length === 0) throw fail(text.type);
  if (buffer.length > IMAGE_MAX_BYTES) throw fail(text.size);
  const originalName = (file.originalname ?? '').slice(0, 255);

  const detected = await fileTypeFromBuffer(buffer);
  const raster = detected ? RASTER[detected.mime] : undefined;
  if (raster) {
    let clean: { data: Buffer; info: OutputInfo };
    try {
      const meta = await sharp(buffer, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
      if (meta.format !== raster.sharpFormat) throw new Error(`format ${meta.format}`);
      clean = await reencode(buffer, raster.sharpFormat);
    } catch {
      throw fail(text.type);
    }
    if (clean.data.length > IMAGE_MAX_BYTES) throw fail(text.size);
    return {
      buffer: clean.data,
      mime: raster.mime,
      extension: raster.extension,
      size: clean.data.length,
      width: clean.info.width,
      height: clean.info.height,
      originalName,
    };
  }
  if (detected && detected.mime !== 'application/xml' && detected.ext !== 'xml') throw fail(text.type);

  const verdict = await sanitizeSvgOffThread(buffer);
  if (!verdict.ok) {
    throw fail(
      verdict.reason === 'active-content' ? text.activeSvg : verdict.reason === 'too-complex' ? text.complexSvg : text.type,
    );
  }
  const clean = Buffer.from(verdict.svg, 'utf8');
  if (clean.length > IMAGE_MAX_BYTES) throw fail(text.size);
  return { buffer: clean, mime: 'image/svg+xml', extension: 'svg', size: clean.length, width: null, height: null, originalName };
}

/** Writes a checked image under `folder` with a generated name; answers its storage path ("avatars/…png"). */
export async function storeImage(storage: Storage, folder: string, image: CheckedImage): Promise<string> {
  if (!/^[a-z0-9][a-z0-9/_-]*$/.test(folder)) throw new Error(`Invalid storage folder ${folder}`);
  const relativePath = `${folder.replace(/\/+$/, '')}/${randomUUID()}.${image.extension}`;
  await storage.put(relativePath, image.buffer);
  return relativePath;
}

const cleanupLogger = new Logger('Uploads');

/** Removes a stored file without failing the request that no longer needs it (logged when it fails). */
export async function discardStored(storage: Storage, relativePath: string | null | undefined): Promise<void> {
  if (!relativePath) return;
  try {
    await storage.delete(relativePath);
  } catch (error) {
    cleanupLogger.warn(`Could not remove ${relativePath}: ${(error as Error).message}`);
  }
}

/**
 * Stores `image` (when there is one), then runs `work` with its path (the database write). When
 * `work` fails the new file is removed, so a refused or failed save leaves no orphan behind. The
 * caller removes the replaced file (`discardStored`) once `work` succeeded.
 */
export async function saveWithImage<T>(
  storage: Storage,
  folder: string,
  image: CheckedImage | undefined,
  work: (path: string | undefined) => Promise<T>,
): Promise<T> {
  const stored = image ? await storeImage(storage, folder, image) : undefined;
  try {
    return await work(stored);
  } catch (error) {
    await discardStored(storage, stored);
    throw error;
  }
}

export interface ImageUploadOptions {
  /** How many files the field takes (`images[0]`, `images[1]`, … or repeated `images`); default 1. */
  maxCount?: number;
  /** Largest text field, in bytes (default 1 MB; raise it for rich-text content). */
  maxFieldBytes?: number;
  messages?: ImageMessages;
}

/** `images`, `images[]` and `images[3]` all belong to the field `images`. */
const belongsTo = (fieldname: string, field: string) => fieldname === field || new RegExp(`^${field}\\[\\d*\\]$`).test(fieldname);

/**
 * Parses a multipart body (text fields into `req.body`, files kept in memory) for a route taking image
 * files under `field`; JSON bodies pass through untouched. Sets `req.file` (first file) and `req.files`
 * (all of them) for `@UploadedFile()` / `@UploadedFiles()`. Oversized files, too many files and files
 * under another field answer 422 on `errors[field]` before the handler runs. Check each file with
 * `checkImage` in the handler.
 */
export function ImageUploadInterceptor(field = 'image', options: ImageUploadOptions = {}): Type<NestInterceptor> {
  const maxCount = options.maxCount ?? 1;
  const text = { ...IMAGE_MESSAGES, ...options.messages };
  const parse = multer({
    storage: multer.memoryStorage(),
    // File names in French ("schéma.png") arrive as UTF-8; busboy's default would read them as latin1.
    defParamCharset: 'utf8',
    limits: {
      fileSize: IMAGE_MAX_BYTES,
      files: maxCount,
      fields: 100,
      parts: 100 + maxCount,
      fieldSize: options.maxFieldBytes ?? 1024 * 1024,
      fieldNestingDepth: 4,
      fieldArrayIndexLimit: 100,
    },
  }).any();

  @Injectable()
  class ImageUpload implements NestInterceptor {
    async intercept(context: ExecutionContext, next: CallHandler) {
      const http = context.switchToHttp();
      const req = http.getRequest<Request>();
      const res = http.getResponse<Response>();
      await new Promise<void>((resolve, reject) =>
        parse(req, res, (error: unknown) => (error ? reject(uploadError(error, field, text)) : resolve())),
      );
      const files = (Array.isArray(req.files) ? req.files : []) as Express.Multer.File[];
      const stray = files.find((f) => !belongsTo(f.fieldname, field));
      if (stray) throw new ValidationFailed({ [stray.fieldname]: [text.unexpected] });
      req.files = files;
      req.file = files[0];
      return next.handle();
    }
  }
  return mixin(ImageUpload);
}

function uploadError(error: unknown, field: string, text: typeof IMAGE_MESSAGES): Error {
  const e = error as { name?: string; code?: string; field?: string; message?: string };
  if (e?.name === 'MulterError') {
    switch (e.code) {
      case 'LIMIT_FILE_SIZE':
        return new ValidationFailed({ [field]: [text.size] });
      case 'LIMIT_FILE_COUNT':
        return new ValidationFailed({ [field]: [text.count] });
      case 'LIMIT_UNEXPECTED_FILE':
        return new ValidationFailed({ [e.field && !belongsTo(e.field, field) ? e.field : field]: [text.unexpected] });
      case 'LIMIT_FIELD_VALUE':
        return new ApiError(413, 'Un des champs du formulaire est trop long.');
      default:
        return new ApiError(400, 'Le formulaire envoyé est invalide.');
    }
  }
  return new ApiError(400, 'Le formulaire envoyé est invalide.');
}
