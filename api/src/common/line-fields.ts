import { applyDecorators } from '@nestjs/common';
import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsDefined, IsInt, Max, Min } from 'class-validator';
import { idInput, intInput } from './forms.js';

/**
 * The two fields of a document's line (a delivery, an invoice, a credit note): which line, and how
 * many units. Written once so that every document refuses the same input with the same French words.
 */

/** The line's id: required, a positive whole number. `label` names it (« La ligne de commande »). */
export const LineIdField = (label: string, description: string, example: number) =>
  applyDecorators(
    ApiProperty({ description, example }),
    Transform(idInput),
    IsDefined({ message: `${label} est requise.` }),
    IsInt({ message: `${label} est invalide.` }),
    Min(1, { message: `${label} est invalide.` }),
  );

/** How many units of the line: a whole number from 0 (the line left out this time) to 1 000 000. */
export const LineQuantityField = (description: string, example: number) =>
  applyDecorators(
    ApiProperty({ description, example }),
    Transform(intInput),
    IsDefined({ message: 'La quantité est requise.' }),
    IsInt({ message: 'La quantité doit être un nombre entier.' }),
    Min(0, { message: 'La quantité ne peut pas être négative.' }),
    Max(1_000_000, { message: 'La quantité ne doit pas dépasser 1 000 000.' }),
  );
