import { EMAIL_REQUIRED } from '../../shared/account-fields.js';
import { ApiProperty } from '@nestjs/swagger';
import { RequiredText } from '../../common/field-rules.js';
import { IsStaffEmail, NormalizeEmail } from '../staff-email.js';

export class RecoveryDto {
  @ApiProperty({ example: 'prenom.nom@comptoir.example' })
  @NormalizeEmail()
  @RequiredText(EMAIL_REQUIRED)
  @IsStaffEmail()
  email: string;
}
