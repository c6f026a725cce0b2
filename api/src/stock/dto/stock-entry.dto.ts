import { Transform } from 'class-transformer';
import {
  IsBoolean,
  IsInt,
  IsNotEmpty,
  IsOptional,
  Matches,
  Max,
  MaxLength,
  Min,
  ValidateBy,
  ValidateIf,
  type ValidationArguments,
} from 'class-validator';
import {
  MONEY_PATTERN,
  boolInput,
  dateInput,
  idInput,
  intInput,
  isCalendarDate,
  moneyInput,
  trimmed,
} from '../../common/forms.js';

const QUANTITY_FORMAT = 'La quantité doit être un nombre entier positif ou nul.';

const IsCalendarDate = (message: string) =>
  ValidateBy({
    name: 'isCalendarDate',
    validator: { validate: (value: unknown) => isCalendarDate(value), defaultMessage: () => message },
  });

/** The expiry date must come strictly after the manufacture date (spec §5, also on update). */
const IsAfterManufacture = () =>
  ValidateBy({
    name: 'isAfterManufacture',
    validator: {
      validate: (value: unknown, args?: ValidationArguments) => {
        const made = (args?.object as StockEntryFormDto | undefined)?.manufacture_date;
        if (!isCalendarDate(value) || !isCalendarDate(made)) return true;
        return value > made;
      },
      defaultMessage: () => 'La date d’expiration doit être supérieure à la date de fabrication.',
    },
  });

/**
 * Stock entry dialog (multipart); the image is checked aside.
 *
 * `expirable` is true for goods that expire, and then `expiry_date` is required and kept; false stores
 * no expiry date ("Non expirable"). When the form does not send it, it follows the expiry date: an
 * entry with an expiry date is expirable.
 */
export class StockEntryFormDto {
  @Transform(trimmed)
  @IsNotEmpty({ message: 'Le nom est requis.' })
  @MaxLength(255, { message: 'Le nom ne doit pas dépasser 255 caractères.' })
  name: string;

  @Transform(moneyInput)
  @IsNotEmpty({ message: 'Le prix est requis.' })
  @Matches(MONEY_PATTERN, { message: 'Le prix doit être un nombre positif avec au plus deux décimales.' })
  price: string;

  @Transform(intInput)
  @IsNotEmpty({ message: 'La quantité est requise.' })
  @IsInt({ message: QUANTITY_FORMAT })
  @Min(0, { message: QUANTITY_FORMAT })
  @Max(1_000_000_000, { message: 'La quantité est trop grande.' })
  quantity: number;

  @Transform(dateInput)
  @IsNotEmpty({ message: 'La date de fabrication est requise.' })
  @IsCalendarDate('La date de fabrication est invalide.')
  manufacture_date: string;

  @Transform(boolInput)
  @IsOptional()
  @IsBoolean({ message: 'Le champ « expirable » doit valoir vrai ou faux.' })
  expirable?: boolean;

  @Transform(dateInput)
  @ValidateIf((o: StockEntryFormDto) => o.expirable === true || (o.expirable === undefined && o.expiry_date !== undefined))
  @IsNotEmpty({ message: 'La date d’expiration est requise pour un produit expirable.' })
  @IsCalendarDate('La date d’expiration est invalide.')
  @IsAfterManufacture()
  expiry_date?: string;

  @Transform(dateInput)
  @IsOptional()
  @IsCalendarDate('La date de facturation est invalide.')
  billing_date?: string;

  /**
   * The product received (its stock moves: a receipt and a lot). Absent: unchanged on update (none on
   * create); empty or "null": the entry names no product (a named one is then reversed).
   */
  @Transform(({ value }: { value: unknown }) => (value === '' || value === 'null' || value === null ? null : idInput({ value })))
  @IsOptional()
  @IsInt({ message: 'Le produit est invalide.' })
  @Min(1, { message: 'Le produit est invalide.' })
  product_id?: number | null;
}
