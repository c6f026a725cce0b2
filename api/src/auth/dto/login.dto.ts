import { ApiProperty } from '@nestjs/swagger';
import { MaxText, RequiredText } from '../field-rules.js';
import { IsStaffEmail, NormalizeEmail } from '../staff-email.js';

export class LoginDto {
  @ApiProperty({ example: 'admin@comptoir.example' })
  @NormalizeEmail()
  @RequiredText("L'email est requis.")
  @IsStaffEmail()
  email: string;

  @ApiProperty({ format: 'password' })
  @RequiredText('Le mot de passe est requis.')
  @MaxText(1024, 'Le mot de passe est trop long.')
  password: string;
}
