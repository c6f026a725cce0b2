import { Transform } from 'class-transformer';
import { IsIn, IsInt, IsOptional, Matches, Min } from 'class-validator';
import { ListQueryDto } from '../../common/listing.js';
import type { AuditAction } from '../../contract/audit.js';
import { HISTORY_PERMISSIONS } from '../audited-entities.js';

export const AUDIT_ACTIONS: AuditAction[] = [
  'create',
  'update',
  'delete',
  'status',
  'status_undo',
  'bulk',
  'bulk_undo',
  'permissions',
  'password',
  'login',
  'login_failed',
  'login_throttled',
  'logout',
  'session_revoked',
];
export const AUDIT_ENTITIES = Object.keys(HISTORY_PERMISSIONS);

const toInt = ({ value }: { value: unknown }) => {
  if (value === undefined || value === null || value === '') return undefined;
  const text = String(value).trim();
  return /^-?\d+$/.test(text) ? Number(text) : value;
};
const blankToUndefined = ({ value }: { value: unknown }) => (value === '' || value === null ? undefined : value);
const DATE = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:?\d{2})?)?$/;

/** GET /api/audit: the journal's filters, all optional, combined with AND. */
export class AuditQueryDto extends ListQueryDto {
  @IsOptional()
  @Transform(blankToUndefined)
  @IsIn(AUDIT_ENTITIES, { message: 'Le type d’élément est inconnu.' })
  entity?: string;

  @IsOptional()
  @Transform(toInt)
  @IsInt({ message: 'L’identifiant doit être un nombre entier.' })
  @Min(1, { message: 'L’identifiant doit être un nombre entier.' })
  entity_id?: number;

  @IsOptional()
  @Transform(toInt)
  @IsInt({ message: 'L’utilisateur doit être un nombre entier.' })
  @Min(1, { message: 'L’utilisateur doit être un nombre entier.' })
  user_id?: number;

  @IsOptional()
  @Transform(blankToUndefined)
  @IsIn(AUDIT_ACTIONS, { message: 'L’action est inconnue.' })
  action?: AuditAction;

  /** Inclusive; a date alone means from its first instant (UTC). */
  @IsOptional()
  @Transform(blankToUndefined)
  @Matches(DATE, { message: 'La date de début doit être au format AAAA-MM-JJ.' })
  from?: string;

  /** Inclusive; a date alone means up to its last instant (UTC). */
  @IsOptional()
  @Transform(blankToUndefined)
  @Matches(DATE, { message: 'La date de fin doit être au format AAAA-MM-JJ.' })
  to?: string;
}

/** GET /api/audit/history: one record's history. */
export class AuditHistoryQueryDto {
  @Transform(blankToUndefined)
  @IsIn(AUDIT_ENTITIES, { message: 'Le type d’élément est inconnu.' })
  entity: string;

  @Transform(toInt)
  @IsInt({ message: 'L’identifiant doit être un nombre entier.' })
  @Min(1, { message: 'L’identifiant doit être un nombre entier.' })
  entity_id: number;

  @IsOptional()
  @Transform(toInt)
  @IsInt({ message: 'Le numéro de page doit être un nombre entier.' })
  @Min(1, { message: 'Le numéro de page doit être au moins 1.' })
  page?: number;
}
