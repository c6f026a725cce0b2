import { DESCRIPTION_MAX, DESCRIPTION_REQUIRED, DESCRIPTION_TOO_LONG } from '../../shared/text-limits.js';
import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsBoolean, IsOptional } from 'class-validator';
import { boolInput } from '../../common/forms.js';
import { MaxText, RequiredText, Rule, Trim } from '../../common/field-rules.js';
import { VersionField } from '../../common/versioning.js';
import { PERMISSIONS_INVALID, PERMISSIONS_REQUIRED, parsePermissionGrid } from '../permission-grid.js';

/** POST /api/role/create and /api/role/{id}/update (multipart or JSON). */
export class RoleDto {
  @ApiProperty({ example: 'Éditeur' })
  @Trim()
  @RequiredText('Le nom est requis.')
  @MaxText(100, 'Le nom ne doit pas dépasser 100 caractères.')
  name: string;

  @ApiProperty({ example: 'Rédige et publie les articles du blog.' })
  @Trim()
  @RequiredText(DESCRIPTION_REQUIRED)
  @MaxText(DESCRIPTION_MAX, DESCRIPTION_TOO_LONG)
  description: string;

  @ApiProperty({
    description: 'JSON des cinq catégories (blog, shop, stock, orders, admin), chacune avec view, create, edit, delete.',
    example:
      '{"blog":{"view":true,"create":true,"edit":true,"delete":false},"shop":{"view":false,"create":false,"edit":false,"delete":false},"stock":{"view":false,"create":false,"edit":false,"delete":false},"orders":{"view":false,"create":false,"edit":false,"delete":false},"admin":{"view":false,"create":false,"edit":false,"delete":false}}',
  })
  @Rule('permissionGrid', (value) => {
    if (value === undefined || value === null || value === '') return PERMISSIONS_REQUIRED;
    return parsePermissionGrid(value) ? null : PERMISSIONS_INVALID;
  })
  permissions: unknown;

  @ApiPropertyOptional({
    description: 'Exiger la double authentification des titulaires ("1"/"0"). Absent : inchangé (non à la création).',
  })
  @Transform(boolInput)
  @IsOptional()
  @IsBoolean({ message: 'Le champ « double authentification » doit valoir vrai ou faux.' })
  require_two_factor?: boolean;

  @VersionField()
  version?: number;
}
