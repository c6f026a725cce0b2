import { Transform } from 'class-transformer';
import { IsNotEmpty, IsString, MaxLength } from 'class-validator';
import { IsEmailAddress } from '../../common/email-address.js';

/** POST /api/newsletter: { email }. */
export class NewsletterDto {
  @Transform(({ value }) => (typeof value === 'string' ? value.trim().toLowerCase() : value))
  @IsNotEmpty({ message: "L'adresse email est requise." })
  @IsString({ message: "L'adresse email n'est pas valide." })
  @MaxLength(255, { message: "L'adresse email ne doit pas dépasser 255 caractères." })
  @IsEmailAddress("L'adresse email n'est pas valide.")
  email: string;
}
