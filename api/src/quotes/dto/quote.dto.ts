import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  Equals,
  IsArray,
  IsDefined,
  IsInt,
  IsNotEmpty,
  IsOptional,
  IsString,
  Matches,
  Max,
  MaxLength,
  Min,
  ValidateBy,
  ValidateIf,
  ValidateNested,
} from 'class-validator';
import { MONEY_PATTERN, boolInput, idInput, intInput, isCalendarDate, moneyInput, trimmed } from '../../common/forms.js';
import { VersionField } from '../../common/versioning.js';
import { IsEmailAddress } from '../../common/email-address.js';
import {
  MY_ORDERS_EMAIL_MAX,
  MY_ORDERS_EMAIL_TOO_LONG,
  ORDER_MESSAGE_MAX,
  ORDER_MESSAGE_TOO_LONG,
  QUOTE_DECLINE_REASON_MAX,
  QUOTE_DECLINE_REASON_TOO_LONG,
  QUOTE_MESSAGE_MAX,
  QUOTE_MESSAGE_TOO_LONG,
  QUOTE_SIGNER_NAME_MAX,
  QUOTE_SIGNER_NAME_TOO_LONG,
} from '../../shared/text-limits.js';

const BP_MESSAGE = 'La remise doit être un pourcentage entre 0 et 100 (en points de base, 0 à 10000).';
const TAX_MESSAGE = 'Le taux de TVA doit être compris entre 0 et 100 % (en points de base, 0 à 10000).';
const MONEY_MESSAGE = 'Le montant doit être un nombre positif avec au plus deux décimales.';
const TOKEN_PATTERN = /^[\w-]{43}$/;
const TOKEN_MESSAGE = 'Ce lien est invalide ou a expiré.';

/** One line of a draft: a catalogue product (its name, reference and currency copied) or a free line. */
export class QuoteLineDto {
  @ApiPropertyOptional({ description: 'Produit du catalogue (nom, référence et devise copiés quand absents).', example: 3 })
  @Transform(idInput)
  @IsOptional()
  @IsInt({ message: 'Le produit est invalide.' })
  @Min(1, { message: 'Le produit est invalide.' })
  product_id?: number | null;

  @ApiPropertyOptional({ example: 'Groupe électrogène 20 kVA' })
  @Transform(trimmed)
  @ValidateIf((line: QuoteLineDto) => !line.product_id)
  @IsNotEmpty({ message: 'La désignation est requise.' })
  @IsString({ message: 'La désignation doit être un texte.' })
  @MaxLength(255, { message: 'La désignation ne doit pas dépasser 255 caractères.' })
  product_name?: string;

  @ApiPropertyOptional({ example: 'GE-20' })
  @Transform(trimmed)
  @IsOptional()
  @IsString({ message: 'La référence doit être un texte.' })
  @MaxLength(100, { message: 'La référence ne doit pas dépasser 100 caractères.' })
  product_reference?: string | null;

  @ApiProperty({ example: 2 })
  @Transform(intInput)
  @IsDefined({ message: 'La quantité est requise.' })
  @IsInt({ message: 'La quantité doit être un nombre entier.' })
  @Min(1, { message: 'La quantité doit être d’au moins 1.' })
  @Max(1_000_000, { message: 'La quantité ne doit pas dépasser 1 000 000.' })
  quantity: number;

  @ApiProperty({ description: 'Prix unitaire HT dans la devise de la ligne.', example: '1250000' })
  @Transform(moneyInput)
  @IsDefined({ message: 'Le prix unitaire est requis.' })
  @Matches(MONEY_PATTERN, { message: MONEY_MESSAGE })
  unit_price: string;

  @ApiPropertyOptional({ description: 'Code ISO (XOF, EUR, USD); celui du produit quand absent.', example: 'XOF' })
  @Transform(trimmed)
  @IsOptional()
  @Matches(/^(XOF|EUR|USD)$/, { message: 'La devise doit être XOF, EUR ou USD.' })
  currency_code?: string;

  @ApiPropertyOptional({ description: 'Remise de la ligne en points de base (1000 = 10 %).', example: 500 })
  @Transform(intInput)
  @IsOptional()
  @IsInt({ message: BP_MESSAGE })
  @Min(0, { message: BP_MESSAGE })
  @Max(10_000, { message: BP_MESSAGE })
  discount_bp?: number;

  @ApiPropertyOptional({
    description: 'Taux de TVA en points de base (1800 = 18 %); celui du produit quand absent.',
    example: 1800,
  })
  @Transform(intInput)
  @IsOptional()
  @IsInt({ message: TAX_MESSAGE })
  @Min(0, { message: TAX_MESSAGE })
  @Max(10_000, { message: TAX_MESSAGE })
  tax_rate_bp?: number;
}

/** POST /api/order/{id}/quote/versions/{versionId}/update: the whole draft. */
export class QuoteDraftDto {
  @VersionField()
  version?: number;

  @ApiProperty({ type: [QuoteLineDto] })
  @IsArray({ message: 'Le devis doit contenir au moins une ligne.' })
  @ArrayMinSize(1, { message: 'Le devis doit contenir au moins une ligne.' })
  @ArrayMaxSize(200, { message: 'Un devis ne peut pas dépasser 200 lignes.' })
  @ValidateNested({ each: true })
  @Type(() => QuoteLineDto)
  lines: QuoteLineDto[];

  @ApiPropertyOptional({ description: 'Remise globale en points de base.', example: 0 })
  @Transform(intInput)
  @IsOptional()
  @IsInt({ message: BP_MESSAGE })
  @Min(0, { message: BP_MESSAGE })
  @Max(10_000, { message: BP_MESSAGE })
  discount_bp?: number;

  @ApiPropertyOptional({ description: 'Frais de livraison HT, dans la devise de la commande.', example: '25000' })
  @Transform(moneyInput)
  @IsOptional()
  @Matches(MONEY_PATTERN, { message: MONEY_MESSAGE })
  delivery_fee?: string;

  @ApiPropertyOptional({ description: 'Dernier jour de validité (AAAA-MM-JJ).', example: '2026-12-31' })
  @Transform(trimmed)
  @IsOptional()
  @ValidateBy({
    name: 'calendarDate',
    validator: {
      validate: (value) => isCalendarDate(value),
      defaultMessage: () => 'La date de validité doit être une date (AAAA-MM-JJ).',
    },
  })
  valid_until?: string | null;

  @ApiPropertyOptional({ example: '30 jours fin de mois' })
  @Transform(trimmed)
  @IsOptional()
  @IsString({ message: 'Les conditions de paiement doivent être un texte.' })
  @MaxLength(255, { message: 'Les conditions de paiement ne doivent pas dépasser 255 caractères.' })
  payment_terms?: string | null;

  @ApiPropertyOptional({ description: 'Message au client (PDF et e-mail).' })
  @Transform(trimmed)
  @IsOptional()
  @IsString({ message: 'Le message doit être un texte.' })
  @MaxLength(QUOTE_MESSAGE_MAX, { message: QUOTE_MESSAGE_TOO_LONG })
  message?: string | null;
}

/** POST …/send and …/revise: the version seen, for the check. */
export class QuoteVersionCheckDto {
  @VersionField()
  version?: number;
}

/** The text of a message in the thread, the same rules whoever writes it. */
const MessageBody = () =>
  applyDecorators(
    ApiProperty({ example: 'Pouvez-vous livrer avant le 15 ?' }),
    Transform(trimmed),
    IsNotEmpty({ message: 'Le message est requis.' }),
    IsString({ message: 'Le message doit être un texte.' }),
    MaxLength(ORDER_MESSAGE_MAX, { message: ORDER_MESSAGE_TOO_LONG }),
  );

/** A message in the thread (staff reply or client question). */
export class OrderMessageDto {
  @MessageBody()
  body: string;
}

/** Every public client route: the token of the e-mailed link (in the body, never in a URL). */
export class ClientTokenDto {
  @ApiProperty({ description: 'Le jeton du lien reçu par e-mail (43 caractères).' })
  @IsDefined({ message: TOKEN_MESSAGE })
  @Matches(TOKEN_PATTERN, { message: TOKEN_MESSAGE })
  token: string;

  @ApiPropertyOptional({ description: 'La commande, pour un lien « Mes commandes » qui en ouvre plusieurs.', example: 12 })
  @Transform(idInput)
  @IsOptional()
  @IsInt({ message: 'La commande est invalide.' })
  @Min(1, { message: 'La commande est invalide.' })
  order_id?: number;
}

/** A client's request about one version of the quote: the one shown on their page. */
export class ClientVersionDto extends ClientTokenDto {
  @ApiProperty({ description: 'La version concernée : celle que le client a sous les yeux.', example: 4 })
  @Transform(idInput)
  @IsDefined({ message: 'La version est requise.' })
  @IsInt({ message: 'La version est invalide.' })
  @Min(1, { message: 'La version est invalide.' })
  version_id: number;
}

/** The PDF of one version. */
export class ClientPdfDto extends ClientVersionDto {}

export class ClientMessageDto extends ClientTokenDto {
  @MessageBody()
  body: string;
}

export class ClientAcceptDto extends ClientVersionDto {
  @ApiProperty({ description: 'Le nom du signataire, tapé.', example: 'Kodjo Mensah' })
  @Transform(trimmed)
  @IsNotEmpty({ message: 'Tapez votre nom pour accepter le devis.' })
  @IsString({ message: 'Le nom doit être un texte.' })
  @MaxLength(QUOTE_SIGNER_NAME_MAX, { message: QUOTE_SIGNER_NAME_TOO_LONG })
  name: string;

  @ApiProperty({ description: '« Bon pour accord » coché.', example: true })
  @Transform(boolInput)
  @Equals(true, { message: 'Cochez « Bon pour accord » pour accepter le devis.' })
  agreed: boolean;
}

export class ClientDeclineDto extends ClientVersionDto {
  @ApiProperty({ example: 'Le délai de livraison ne nous convient pas.' })
  @Transform(trimmed)
  @IsNotEmpty({ message: 'Indiquez la raison du refus.' })
  @IsString({ message: 'La raison doit être un texte.' })
  @MaxLength(QUOTE_DECLINE_REASON_MAX, { message: QUOTE_DECLINE_REASON_TOO_LONG })
  reason: string;
}

/** POST /api/client/orders-link { email }: "Mes commandes". */
export class MyOrdersLinkDto {
  @ApiProperty({ example: 'achats@entreprise.example' })
  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim().toLowerCase() : value))
  @IsNotEmpty({ message: 'L’adresse e-mail est requise.' })
  @IsEmailAddress('L’adresse e-mail est invalide.')
  @MaxLength(MY_ORDERS_EMAIL_MAX, { message: MY_ORDERS_EMAIL_TOO_LONG })
  email: string;
}
