import { EMAIL_REQUIRED, PASSWORD_SIGN_IN_REQUIRED } from '../../shared/account-fields.js';
import { ApiProperty } from '@nestjs/swagger';
import { MaxText, RequiredText } from '../../common/field-rules.js';
import { IsStaffEmail, NormalizeEmail } from '../staff-email.js';

export class LoginDto {
  @ApiProperty({ example: 'admin@comptoir.example' })
  @NormalizeEmail()
  @RequiredText(EMAIL_REQUIRED)
  @IsStaffEmail()
  email: string;

  @ApiProperty({ format: 'password' })
  @RequiredText(PASSWORD_SIGN_IN_REQUIRED)
  @MaxText(1024, 'Le mot de passe est trop long.')
  password: string;
}
