import { Injectable, type PipeTransform } from '@nestjs/common';
import { ID_MAX, ID_TEXT } from './forms.js';
import { notFound } from '../core/errors/api-error.js';

/** A route's `{id}`: a positive whole number, or the French 404 of the resource. */
@Injectable()
export class IdPipe implements PipeTransform<string, number> {
  constructor(private readonly notFoundMessage = 'Ressource introuvable.') {}

  transform(value: string): number {
    if (!ID_TEXT.test(String(value)) || Number(value) > ID_MAX) throw notFound(this.notFoundMessage);
    return Number(value);
  }
}
