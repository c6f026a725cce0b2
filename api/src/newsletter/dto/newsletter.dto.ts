import { Transform } from 'class-transformer';
import { IsNotEmpty, IsString, MaxLength } from 'class-validator';
import { IsEmailAddress } from '../../common/email-address.js';
import { NEWSLETTER_EMAIL_MAX, NEWSLETTER_EMAIL_TOO_LONG } from '../../shared/text-limits.js';

/** POST /api/newsletter: { email }. */
export class NewsletterDto {
  @Transform(({ value }) => (typeof value === 'string' ? value.trim().toLowerCase() : value))
  @IsNotEmpty({ message: "L'adresse email est requise." })
  @IsString({ message: "L'adresse email n'est pas valide." })
  @MaxLength(NEWSLETTER_EMAIL_MAX, { message: NEWSLETTER_EMAIL_TOO_LONG })
  @IsEmailAddress("L'adresse email n'est pas valide.")
  email: string;
}
