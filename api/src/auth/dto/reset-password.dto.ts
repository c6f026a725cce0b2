import { ApiProperty } from '@nestjs/swagger';
import { Rule, RequiredText } from '../../common/field-rules.js';
import { IsNewPassword, PASSWORD_REQUIRED } from '../password-rules.js';

export const INVALID_RESET_LINK = 'Ce lien de réinitialisation est invalide ou a expiré. Veuillez refaire une demande.';

export class ResetPasswordDto {
  @ApiProperty({ description: 'Le jeton du lien reçu par email.' })
  @RequiredText(INVALID_RESET_LINK)
  token: string;

  @ApiProperty({ format: 'password', minLength: 8 })
  @RequiredText(PASSWORD_REQUIRED)
  @IsNewPassword()
  password: string;

  @ApiProperty({ format: 'password' })
  @RequiredText('Veuillez confirmer le mot de passe.')
  @Rule('matchesPassword', (value, dto) =>
    isEmpty(value) || value === dto.password ? null : 'Les mots de passe ne correspondent pas.',
  )
  password_confirmation: string;
}

const isEmpty = (value: unknown) => value === undefined || value === null || value === '';
