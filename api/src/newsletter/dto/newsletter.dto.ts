import { Transform } from 'class-transformer';
import { IsEmail, IsNotEmpty, IsString, MaxLength } from 'class-validator';

/** POST /api/newsletter: { email }. */
export class NewsletterDto {
  @Transform(({ value }) => (typeof value === 'string' ? value.trim().toLowerCase() : value))
  @IsNotEmpty({ message: "L'adresse email est requise." })
  @IsString({ message: "L'adresse email n'est pas valide." })
  @MaxLength(255, { message: "L'adresse email ne doit pas dépasser 255 caractères." })
  @IsEmail({}, { message: "L'adresse email n'est pas valide." })
  email: string;
}
