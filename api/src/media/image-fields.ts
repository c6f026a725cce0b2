import { UploadedFiles, type PipeTransform } from '@nestjs/common';
import type { FieldErrors } from '../core/errors/api-error.js';
import { checkImage, type CheckedImage, type ImageMessages } from './upload-policy.js';

export interface ImageFieldRules {
  /** Field name in the form (and in `errors`). */
  field: string;
  /** Message when no file is sent but one is required (create forms). */
  requiredMessage?: string;
  /** At most this many files (default 1). */
  max?: number;
  /** Message when more than `max` files are sent. */
  countMessage?: string;
  /** Messages of the shared upload policy to override (type, size). */
  messages?: ImageMessages;
}

/**
 * Checks the files of one image field against the shared upload policy and answers the checked
 * images plus the field errors found (required, count, type read from the content, size), to be
 * reported together with the other fields' errors (`SubmittedForm.valid`).
 */
export async function readImageField(
  files: readonly Express.Multer.File[] | undefined,
  rules: ImageFieldRules,
): Promise<{ images: CheckedImage[]; errors: FieldErrors }> {
  const list = files ?? [];
  const errors: string[] = [];
  const images: CheckedImage[] = [];
  const max = rules.max ?? 1;
  if (list.length === 0 && rules.requiredMessage) errors.push(rules.requiredMessage);
  if (list.length > max) errors.push(rules.countMessage ?? `Vous pouvez envoyer au plus ${max} image(s).`);
  for (const file of list) {
    try {
      images.push(await checkImage(file, rules.field, rules.messages));
    } catch (error) {
      const messages = (error as { errors?: FieldErrors }).errors?.[rules.field];
      if (!messages) throw error;
      for (const message of messages) if (!errors.includes(message)) errors.push(message);
    }
  }
  return { images: errors.length ? [] : images, errors: errors.length ? { [rules.field]: errors } : {} };
}

/**
 * The files of one image field, checked at the edge (`@UploadedImages(rules)` in the controller)
 * against the shared upload policy: what the service receives instead of multer's files.
 */
export interface SubmittedImages {
  /** The images that passed (none when any file was refused). */
  readonly images: CheckedImage[];
  /**
   * The field's errors (count, type read from the content, size), to be answered with the form's
   * (`SubmittedForm.valid`); `requiredMessage` when nothing was sent and the record has no image yet.
   */
  errors(requiredMessage?: string): FieldErrors;
}

/** Checks an image field's files (see SubmittedImages); whether one is required is the service's to say. */
export async function readImages(
  files: readonly Express.Multer.File[] | undefined,
  rules: Omit<ImageFieldRules, 'requiredMessage'>,
): Promise<SubmittedImages> {
  const checked = await readImageField(files, rules);
  const sent = (files ?? []).length > 0;
  return {
    images: checked.images,
    errors: (requiredMessage) => (!sent && requiredMessage ? { [rules.field]: [requiredMessage] } : checked.errors),
  };
}

/** The pipe behind `@UploadedImages(rules)`. */
export class ImagesPipe implements PipeTransform<Express.Multer.File[] | undefined, Promise<SubmittedImages>> {
  constructor(private readonly rules: Omit<ImageFieldRules, 'requiredMessage'>) {}

  transform(files: Express.Multer.File[] | undefined): Promise<SubmittedImages> {
    return readImages(files, this.rules);
  }
}

/** The uploaded files of an image field (the route's upload interceptor), checked at the edge. */
export const UploadedImages = (rules: Omit<ImageFieldRules, 'requiredMessage'>): ParameterDecorator =>
  UploadedFiles(new ImagesPipe(rules));
