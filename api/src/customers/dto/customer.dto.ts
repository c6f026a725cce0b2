import { Transform } from 'class-transformer';
import { IsNotEmpty, MaxLength } from 'class-validator';
import { trimmed } from '../../common/forms.js';
import { IsEmailAddress } from '../../common/email-address.js';

const lowerTrimmed = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim().toLowerCase() : value);

/** Client dialog: the seven required fields (messages of the spec's "customer dialog" reading). */
export class CustomerFormDto {
  @Transform(trimmed)
  @IsNotEmpty({ message: 'Le nom de la société est requis.' })
  @MaxLength(255, { message: 'Le nom de la société ne doit pas dépasser 255 caractères.' })
  company_name: string;

  @Transform(lowerTrimmed)
  @IsNotEmpty({ message: "L'email de la société est requis." })
  @IsEmailAddress("L'email de la société n'est pas valide.")
  @MaxLength(255, { message: "L'email de la société ne doit pas dépasser 255 caractères." })
  company_email: string;

  @Transform(trimmed)
  @IsNotEmpty({ message: 'Le téléphone de la société est requis.' })
  @MaxLength(50, { message: 'Le téléphone de la société ne doit pas dépasser 50 caractères.' })
  company_phone: string;

  @Transform(trimmed)
  @IsNotEmpty({ message: "L'adresse de la société est requise." })
  @MaxLength(255, { message: "L'adresse de la société ne doit pas dépasser 255 caractères." })
  company_address: string;

  @Transform(trimmed)
  @IsNotEmpty({ message: 'Le nom du représentant est requis.' })
  @MaxLength(255, { message: 'Le nom du représentant ne doit pas dépasser 255 caractères.' })
  representative_name: string;

  @Transform(trimmed)
  @IsNotEmpty({ message: 'Le téléphone du représentant est requis.' })
  @MaxLength(50, { message: 'Le téléphone du représentant ne doit pas dépasser 50 caractères.' })
  representative_phone: string;

  @Transform(lowerTrimmed)
  @IsNotEmpty({ message: "L'email du représentant est requis." })
  @IsEmailAddress("L'email du représentant n'est pas valide.")
  @MaxLength(255, { message: "L'email du représentant ne doit pas dépasser 255 caractères." })
  representative_email: string;
}
