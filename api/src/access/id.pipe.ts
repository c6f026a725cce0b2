import { Injectable, type PipeTransform } from '@nestjs/common';
import { notFound } from '../core/errors/api-error.js';

/** A route's `{id}`: a positive whole number, or the French 404 of the resource. */
@Injectable()
export class IdPipe implements PipeTransform<string, number> {
  constructor(private readonly notFoundMessage = 'Ressource introuvable.') {}

  transform(value: string): number {
    if (!/^[1-9]\d{0,9}$/.test(String(value)) || Number(value) > 2_147_483_647) throw notFound(this.notFoundMessage);
    return Number(value);
  }
}
