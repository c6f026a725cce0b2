import { ABOUT_MAX, ABOUT_TOO_LONG } from '../../shared/text-limits.js';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { ValidateIf } from 'class-validator';
import { MaxText, RequiredText, Trim } from '../../common/field-rules.js';
import { IsNewPassword } from '../../auth/password-rules.js';
import { VersionField } from '../../common/versioning.js';
import { IsStaffEmail, NormalizeEmail } from '../../auth/staff-email.js';

const present = (field: string) => ValidateIf((o: Record<string, unknown>) => o[field] !== undefined);
const filled = (field: string) =>
  ValidateIf((o: Record<string, unknown>) => o[field] !== undefined && o[field] !== null && o[field] !== '');

/**
 * POST /api/profile/update (multipart, `_method=PUT`): the signed-in user's own details. A field left
 * out stays as it is; firstname, name and email cannot be emptied; phone, profession and about can.
 */
export class UpdateProfileDto {
  @ApiPropertyOptional({ example: 'Afi' })
  @present('firstname')
  @Trim()
  @RequiredText('Le prénom est requis.')
  @MaxText(100, 'Le prénom ne doit pas dépasser 100 caractères.')
  firstname?: string;

  @ApiPropertyOptional({ example: 'Mensah' })
  @present('name')
  @Trim()
  @RequiredText('Le nom est requis.')
  @MaxText(100, 'Le nom ne doit pas dépasser 100 caractères.')
  name?: string;

  @ApiPropertyOptional({ example: '+228 90 00 00 00' })
  @Trim()
  @MaxText(50, 'Le téléphone ne doit pas dépasser 50 caractères.')
  phone?: string | null;

  @ApiPropertyOptional({ example: 'afi.mensah@comptoir.example' })
  @present('email')
  @NormalizeEmail()
  @RequiredText("L'email est requis.")
  @IsStaffEmail()
  email?: string;

  @ApiPropertyOptional({ example: 'Responsable des ventes' })
  @Trim()
  @MaxText(255, 'La fonction ne doit pas dépasser 255 caractères.')
  profession?: string | null;

  @ApiPropertyOptional({ maxLength: ABOUT_MAX })
  @Trim()
  @MaxText(ABOUT_MAX, ABOUT_TOO_LONG)
  about?: string | null;

  @VersionField()
  version?: number;

  @ApiPropertyOptional({ format: 'password', description: 'Requis pour changer l’email.' })
  @MaxText(1024, 'Le mot de passe est trop long.')
  current_password?: string;
}

/** POST /api/profile/identifiants-update: the sign-in e-mail and, when filled, a new password. */
export class UpdateCredentialsDto {
  @ApiPropertyOptional({ example: 'afi.mensah@comptoir.example' })
  @NormalizeEmail()
  @RequiredText("L'email est requis.")
  @IsStaffEmail()
  email: string;

  @ApiPropertyOptional({ format: 'password', minLength: 8, description: 'Vide : le mot de passe ne change pas.' })
  @filled('password')
  @IsNewPassword()
  password?: string;

  @VersionField()
  version?: number;

  @ApiPropertyOptional({ format: 'password', description: 'Requis pour changer l’email ou le mot de passe.' })
  @MaxText(1024, 'Le mot de passe est trop long.')
  current_password?: string;
}
