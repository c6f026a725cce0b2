import { ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsDefined,
  IsIn,
  IsInt,
  IsNotEmpty,
  IsOptional,
  IsString,
  Matches,
  Max,
  MaxLength,
  Min,
  registerDecorator,
  ValidateNested,
} from 'class-validator';
import { idInput, intInput } from '../../common/forms.js';
import { IsEmailAddress } from '../../common/email-address.js';
import { ORDER_PAYMENT_MEANS, ORDER_PAYMENT_MEANS_MESSAGE } from '../../shared/statuses.js';
import {
  DELIVERY_ADDRESS_REQUIRED,
  DELIVERY_FIELD_LIMITS,
  DELIVERY_METHODS,
  needsDeliveryAddress,
} from '../../shared/order-delivery.js';

export { DELIVERY_METHODS };

/** Every field of the form is one line: line breaks and runs of spaces become one space. */
const trimmed = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.replace(/\s+/g, ' ').trim() : value);

/** The order form's fixed choices (spec section 9). */
export const PAYMENT_MEANS = ORDER_PAYMENT_MEANS;
export const ORDER_CURRENCY_CHOICES = ['Dollar', 'Euro', 'Fcfa'] as const;
/** Several lines kept (an address, a note): spaces tidied on each line, at most one blank line between. */
const multiline = ({ value }: { value: unknown }) =>
  typeof value === 'string'
    ? value
        .split(/\r?\n/)
        .map((line) => line.replace(/\s+/g, ' ').trim())
        .join('\n')
        .replace(/\n{3,}/g, '\n\n')
        .trim()
    : value;
const optional = ({ value }: { value: unknown }) => {
  const text = multiline({ value });
  return text === '' || text === null ? undefined : text;
};
/** At most this many lines in one order request. */
export const ORDER_MAX_ITEMS = 50;
export const ORDER_MAX_QUANTITY = 100_000;

/** The spec's text, without a final period, as the order dialog shows it. */
export const REQUIRED = 'Ce champ est requis';
const TEXT = 'Ce champ doit être un texte.';
const EMAIL = "L'adresse email n'est pas valide.";
const PHONE = "Le numéro de téléphone n'est pas valide.";
const tooLong = (max: number) => `Ce champ ne doit pas dépasser ${max} caractères.`;
const PHONE_PATTERN = /^\+?[0-9][0-9 ().-]{5,49}$/;

/** The address's one error (missing for a method that needs it, not a text, too long), or null. */
function deliveryAddressProblem(value: unknown, method: unknown): string | null {
  if (value === undefined || value === null)
    return needsDeliveryAddress(typeof method === 'string' ? method : null) ? DELIVERY_ADDRESS_REQUIRED : null;
  if (typeof value !== 'string') return TEXT;
  if (value.length > DELIVERY_FIELD_LIMITS.delivery_address) return tooLong(DELIVERY_FIELD_LIMITS.delivery_address);
  return null;
}

/** The delivery address: required by the delivery method (`needsDeliveryAddress`), one message at a time. */
function IsDeliveryAddress() {
  return (object: object, propertyName: string) =>
    registerDecorator({
      name: 'isDeliveryAddress',
      target: object.constructor,
      propertyName,
      validator: {
        validate: (value, args) =>
          deliveryAddressProblem(value, (args?.object as { delivery_method?: unknown }).delivery_method) === null,
        defaultMessage: (args) =>
          deliveryAddressProblem(args?.value, (args?.object as { delivery_method?: unknown }).delivery_method) ?? TEXT,
      },
    });
}

export class OrderItemRequestDto {
  @Transform(idInput)
  @IsDefined({ message: 'Le produit est requis.' })
  @IsInt({ message: 'Le produit est invalide.' })
  @Min(1, { message: 'Le produit est invalide.' })
  product_id: number;

  @Transform(intInput)
  @IsDefined({ message: 'La quantité est requise.' })
  @IsInt({ message: 'La quantité doit être un nombre entier.' })
  @Min(1, { message: 'La quantité doit être au moins 1.' })
  @Max(ORDER_MAX_QUANTITY, { message: 'La quantité demandée est trop grande.' })
  quantity: number;

  /**
   * The unit price the visitor saw (product's currency, "75000.00"): if the catalogue's differs, the
   * request is refused (409) with the new prices and totals. Optional.
   */
  @ApiPropertyOptional({
    description: 'Prix unitaire affiché au visiteur (devise du produit) : refusé (409) s’il a changé.',
    example: '75000.00',
  })
  @IsOptional()
  @IsString({ message: 'Le prix affiché est invalide.' })
  @Matches(/^\d{1,10}(\.\d{1,2})?$/, { message: 'Le prix affiché est invalide.' })
  seen_price?: string;

  // `price` and `total_price` may be sent (the spec's client does): they are ignored, the server
  // prices every line from the catalogue. The validation pipe drops them.
}

/** POST /api/order/estimate: the chosen currency and the cart's lines (the dialog's indicative total). */
export class OrderEstimateDto {
  @Transform(trimmed)
  @IsNotEmpty({ message: REQUIRED })
  @IsString({ message: TEXT })
  @IsIn(ORDER_CURRENCY_CHOICES, { message: 'Choisissez Dollar, Euro ou FCFA.' })
  currency: (typeof ORDER_CURRENCY_CHOICES)[number];

  @IsDefined({ message: 'Votre panier est vide.' })
  @IsArray({ message: 'La liste des articles est invalide.' })
  @ArrayMinSize(1, { message: 'Votre panier est vide.' })
  @ArrayMaxSize(ORDER_MAX_ITEMS, { message: `Une commande ne peut pas contenir plus de ${ORDER_MAX_ITEMS} articles.` })
  @ValidateNested({ each: true, message: 'La liste des articles est invalide.' })
  @Type(() => OrderItemRequestDto)
  order_items: OrderItemRequestDto[];
}

/**
 * POST /api/order/create: the eleven fields of the order dialog, the delivery address, the client's
 * reference and note, and the cart's lines.
 */
export class OrderRequestDto {
  @Transform(trimmed)
  @IsNotEmpty({ message: REQUIRED })
  @IsString({ message: TEXT })
  @IsIn(PAYMENT_MEANS, { message: ORDER_PAYMENT_MEANS_MESSAGE })
  payment_by: (typeof PAYMENT_MEANS)[number];

  @Transform(trimmed)
  @IsNotEmpty({ message: REQUIRED })
  @IsString({ message: TEXT })
  @IsIn(ORDER_CURRENCY_CHOICES, { message: 'Choisissez Dollar, Euro ou FCFA.' })
  currency: (typeof ORDER_CURRENCY_CHOICES)[number];

  @Transform(trimmed)
  @IsNotEmpty({ message: REQUIRED })
  @IsString({ message: TEXT })
  @MaxLength(255, { message: tooLong(255) })
  payment_term: string;

  @Transform(trimmed)
  @IsNotEmpty({ message: REQUIRED })
  @IsString({ message: TEXT })
  @IsIn(DELIVERY_METHODS, { message: 'Choisissez Air, Route ou Mer.' })
  delivery_method: (typeof DELIVERY_METHODS)[number];

  @Transform(trimmed)
  @IsNotEmpty({ message: REQUIRED })
  @IsString({ message: TEXT })
  @MaxLength(255, { message: tooLong(255) })
  credit_level: string;

  @Transform(trimmed)
  @IsNotEmpty({ message: REQUIRED })
  @IsString({ message: TEXT })
  @MaxLength(255, { message: tooLong(255) })
  company_name: string;

  @Transform(trimmed)
  @IsNotEmpty({ message: REQUIRED })
  @IsString({ message: TEXT })
  @Matches(PHONE_PATTERN, { message: PHONE })
  company_phone: string;

  @Transform(({ value }) => (typeof value === 'string' ? value.replace(/\s+/g, '').toLowerCase() : value))
  @IsNotEmpty({ message: REQUIRED })
  @IsString({ message: TEXT })
  @MaxLength(255, { message: tooLong(255) })
  @IsEmailAddress(EMAIL)
  company_email: string;

  @Transform(trimmed)
  @IsNotEmpty({ message: REQUIRED })
  @IsString({ message: TEXT })
  @MaxLength(255, { message: tooLong(255) })
  representative_name: string;

  @Transform(trimmed)
  @IsNotEmpty({ message: REQUIRED })
  @IsString({ message: TEXT })
  @Matches(PHONE_PATTERN, { message: PHONE })
  representative_phone: string;

  @Transform(({ value }) => (typeof value === 'string' ? value.replace(/\s+/g, '').toLowerCase() : value))
  @IsNotEmpty({ message: REQUIRED })
  @IsString({ message: TEXT })
  @MaxLength(255, { message: tooLong(255) })
  @IsEmailAddress(EMAIL)
  representative_email: string;

  /** Where the goods go: required when the delivery method carries them to the client (all three do). */
  @ApiPropertyOptional({
    description: 'Adresse de livraison : requise quand le mode de livraison achemine les marchandises (Air, Route, Mer).',
    maxLength: DELIVERY_FIELD_LIMITS.delivery_address,
  })
  @Transform(optional)
  @IsDeliveryAddress()
  delivery_address?: string;

  /** The client's own reference (purchase order number), optional. */
  @ApiPropertyOptional({
    description: 'Référence du client (numéro de bon de commande).',
    maxLength: DELIVERY_FIELD_LIMITS.client_reference,
  })
  @Transform(({ value }) => {
    const text = trimmed({ value });
    return text === '' || text === null ? undefined : text;
  })
  @IsOptional()
  @IsString({ message: TEXT })
  @MaxLength(DELIVERY_FIELD_LIMITS.client_reference, { message: tooLong(DELIVERY_FIELD_LIMITS.client_reference) })
  client_reference?: string;

  /** A note for the sales team (opening hours, contact on site…), optional. */
  @ApiPropertyOptional({ description: 'Remarque pour l’équipe commerciale.', maxLength: DELIVERY_FIELD_LIMITS.note })
  @Transform(optional)
  @IsOptional()
  @IsString({ message: TEXT })
  @MaxLength(DELIVERY_FIELD_LIMITS.note, { message: tooLong(DELIVERY_FIELD_LIMITS.note) })
  note?: string;

  @IsDefined({ message: 'Votre panier est vide.' })
  @IsArray({ message: 'La liste des articles est invalide.' })
  @ArrayMinSize(1, { message: 'Votre panier est vide.' })
  @ArrayMaxSize(ORDER_MAX_ITEMS, { message: `Une commande ne peut pas contenir plus de ${ORDER_MAX_ITEMS} articles.` })
  @ValidateNested({ each: true, message: 'La liste des articles est invalide.' })
  @Type(() => OrderItemRequestDto)
  order_items: OrderItemRequestDto[];
}
