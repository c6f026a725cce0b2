import { EMAIL_REQUIRED } from '../../shared/account-fields.js';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { ValidateIf } from 'class-validator';
import { MaxText, RequiredText, Rule, Trim } from '../../common/field-rules.js';
import { IsNewPassword, PASSWORD_REQUIRED } from '../../auth/password-rules.js';
import { idInput } from '../../common/forms.js';
import { VersionField } from '../../common/versioning.js';
import { IsStaffEmail, NormalizeEmail } from '../../auth/staff-email.js';

export const ROLE_REQUIRED = 'Le rôle est requis.';
export const ROLE_UNKNOWN = "Ce rôle n'existe pas.";

const ToId = () => Transform(idInput);

const RoleIdRule = () =>
  Rule('roleId', (value) => {
    if (value === undefined || value === null || value === '') return ROLE_REQUIRED;
    return Number.isInteger(value) && (value as number) > 0 && (value as number) <= 2_147_483_647 ? null : ROLE_UNKNOWN;
  });

const present = (field: string) => ValidateIf((o: Record<string, unknown>) => o[field] !== undefined);
/** The edit form sends an empty password field when the password is not to change. */
const filled = (field: string) =>
  ValidateIf((o: Record<string, unknown>) => o[field] !== undefined && o[field] !== null && o[field] !== '');

/** POST /api/admin/create (multipart: role_id, firstname, name, email, password, image?). */
export class CreateAdminDto {
  @ApiProperty({ example: 2 })
  @ToId()
  @RoleIdRule()
  role_id: number;

  @ApiProperty({ example: 'Afi' })
  @Trim()
  @RequiredText('Le prénom est requis.')
  @MaxText(100, 'Le prénom ne doit pas dépasser 100 caractères.')
  firstname: string;

  @ApiProperty({ example: 'Mensah' })
  @Trim()
  @RequiredText('Le nom est requis.')
  @MaxText(100, 'Le nom ne doit pas dépasser 100 caractères.')
  name: string;

  @ApiProperty({ example: 'afi.mensah@comptoir.example' })
  @NormalizeEmail()
  @RequiredText(EMAIL_REQUIRED)
  @IsStaffEmail()
  email: string;

  @ApiProperty({ format: 'password', minLength: 8 })
  @RequiredText(PASSWORD_REQUIRED)
  @IsNewPassword()
  password: string;
}

/** POST /api/admin/{id}/update: the same fields, each optional; an empty password keeps the current one. */
export class UpdateAdminDto {
  @ApiPropertyOptional({ example: 2 })
  @present('role_id')
  @ToId()
  @RoleIdRule()
  role_id?: number;

  @ApiPropertyOptional()
  @present('firstname')
  @Trim()
  @RequiredText('Le prénom est requis.')
  @MaxText(100, 'Le prénom ne doit pas dépasser 100 caractères.')
  firstname?: string;

  @ApiPropertyOptional()
  @present('name')
  @Trim()
  @RequiredText('Le nom est requis.')
  @MaxText(100, 'Le nom ne doit pas dépasser 100 caractères.')
  name?: string;

  @ApiPropertyOptional()
  @present('email')
  @NormalizeEmail()
  @RequiredText(EMAIL_REQUIRED)
  @IsStaffEmail()
  email?: string;

  @ApiPropertyOptional({ format: 'password', minLength: 8 })
  @filled('password')
  @IsNewPassword()
  password?: string;

  @VersionField()
  version?: number;
}
