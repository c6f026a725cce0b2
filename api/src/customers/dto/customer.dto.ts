import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsNotEmpty, MaxLength } from 'class-validator';
import { trimmed } from '../../common/forms.js';
import { IsEmailAddress } from '../../common/email-address.js';

const lowerTrimmed = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim().toLowerCase() : value);

/** Client dialog: the seven required fields (messages of the spec's "customer dialog" reading). */
export class CustomerFormDto {
  @ApiProperty({ description: 'Nom de la société.', example: 'SARL Lomé Équipement' })
  @Transform(trimmed)
  @IsNotEmpty({ message: 'Le nom de la société est requis.' })
  @MaxLength(255, { message: 'Le nom de la société ne doit pas dépasser 255 caractères.' })
  company_name: string;

  @ApiProperty({ description: 'E-mail de la société (unique).', example: 'contact@lome-equipement.tg' })
  @Transform(lowerTrimmed)
  @IsNotEmpty({ message: "L'email de la société est requis." })
  @IsEmailAddress("L'email de la société n'est pas valide.")
  @MaxLength(255, { message: "L'email de la société ne doit pas dépasser 255 caractères." })
  company_email: string;

  @ApiProperty({ description: 'Téléphone de la société.', example: '+228 22 21 00 00' })
  @Transform(trimmed)
  @IsNotEmpty({ message: 'Le téléphone de la société est requis.' })
  @MaxLength(50, { message: 'Le téléphone de la société ne doit pas dépasser 50 caractères.' })
  company_phone: string;

  @ApiProperty({ description: 'Adresse de la société.', example: 'Boulevard du 13 Janvier, Lomé' })
  @Transform(trimmed)
  @IsNotEmpty({ message: "L'adresse de la société est requise." })
  @MaxLength(255, { message: "L'adresse de la société ne doit pas dépasser 255 caractères." })
  company_address: string;

  @ApiProperty({ description: 'Nom du représentant.', example: 'Kodjo Mensah' })
  @Transform(trimmed)
  @IsNotEmpty({ message: 'Le nom du représentant est requis.' })
  @MaxLength(255, { message: 'Le nom du représentant ne doit pas dépasser 255 caractères.' })
  representative_name: string;

  @ApiProperty({ description: 'Téléphone du représentant.', example: '+228 90 00 00 00' })
  @Transform(trimmed)
  @IsNotEmpty({ message: 'Le téléphone du représentant est requis.' })
  @MaxLength(50, { message: 'Le téléphone du représentant ne doit pas dépasser 50 caractères.' })
  representative_phone: string;

  @ApiProperty({ description: 'E-mail du représentant.', example: 'k.mensah@lome-equipement.tg' })
  @Transform(lowerTrimmed)
  @IsNotEmpty({ message: "L'email du représentant est requis." })
  @IsEmailAddress("L'email du représentant n'est pas valide.")
  @MaxLength(255, { message: "L'email du représentant ne doit pas dépasser 255 caractères." })
  representative_email: string;
}
