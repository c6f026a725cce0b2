import { ApiProperty } from '@nestjs/swagger';
import { RequiredText } from '../field-rules.js';
import { IsStaffEmail, NormalizeEmail } from '../staff-email.js';

export class RecoveryDto {
  @ApiProperty({ example: 'prenom.nom@comptoir.example' })
  @NormalizeEmail()
  @RequiredText("L'email est requis.")
  @IsStaffEmail()
  email: string;
}
