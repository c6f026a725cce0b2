import { Transform } from 'class-transformer';
import { IsNotEmpty, IsString, MaxLength, MinLength } from 'class-validator';
import { IsEmailAddress } from '../../common/email-address.js';
import { CONTACT_LIMITS } from '../../shared/text-limits.js';

const trimmed = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.trim() : value);
/** Name and subject are one line: line breaks and runs of spaces become one space. */
const oneLine = ({ value }: { value: unknown }) => (typeof value === 'string' ? value.replace(/\s+/g, ' ').trim() : value);
const TEXT = 'Ce champ doit être un texte.';

/** POST /api/contact (spec: Contact screen): name, email, object, message. */
export class ContactDto {
  @Transform(oneLine)
  @IsNotEmpty({ message: 'Le nom est requis.' })
  @IsString({ message: TEXT })
  @MaxLength(CONTACT_LIMITS.name, { message: `Le nom ne doit pas dépasser ${CONTACT_LIMITS.name} caractères.` })
  name: string;

  @Transform(({ value }) => (typeof value === 'string' ? value.trim().toLowerCase() : value))
  @IsNotEmpty({ message: "L'email est requis." })
  @IsString({ message: TEXT })
  @MaxLength(CONTACT_LIMITS.email, { message: `L'email ne doit pas dépasser ${CONTACT_LIMITS.email} caractères.` })
  @IsEmailAddress("L'adresse email n'est pas valide.")
  email: string;

  @Transform(oneLine)
  @IsNotEmpty({ message: "L'objet est requis." })
  @IsString({ message: TEXT })
  @MaxLength(CONTACT_LIMITS.object, { message: `L'objet ne doit pas dépasser ${CONTACT_LIMITS.object} caractères.` })
  object: string;

  @Transform(trimmed)
  @IsNotEmpty({ message: 'Le message est requis.' })
  @IsString({ message: TEXT })
  @MinLength(CONTACT_LIMITS.messageMin, { message: `Le message doit contenir au moins ${CONTACT_LIMITS.messageMin} caractères.` })
  @MaxLength(CONTACT_LIMITS.messageMax, { message: `Le message ne doit pas dépasser ${CONTACT_LIMITS.messageMax} caractères.` })
  message: string;
}
