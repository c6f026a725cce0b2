import { AUDIT_LIST } from './audit-list.js';
import { ApiList } from '../common/list-order.js';
import { Controller, Get, Header, Query, Req } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import type { AuditListAnswer } from '../contract/audit.js';
import { RequirePermission, SignedIn, can } from '../core/access/permissions.js';
import { forbidden } from '../core/errors/api-error.js';
import { HISTORY_PERMISSIONS, type AuditedEntity } from './audited-entities.js';
import { AuditService } from './audit.service.js';
import { AuditHistoryQueryDto, AuditQueryDto } from './dto/audit-query.dto.js';

@ApiTags('Journal d’activité')
@Controller('audit')
export class AuditController {
  constructor(private readonly audit: AuditService) {}

  @Get()
  @RequirePermission('admin', 'view')
  @Header('Cache-Control', 'no-store')
  @ApiOperation({
    summary: 'Journal d’activité, le plus récent d’abord (filtres entity, entity_id, user_id, action, from, to, search).',
  })
  @ApiList(AUDIT_LIST, 'Recherche sur l’élément, l’auteur et l’adresse IP (sans accents ni casse).')
  async list(@Query() query: AuditQueryDto): Promise<AuditListAnswer> {
    const entries = await this.audit.list(query);
    return {
      success: true,
      message: entries.total ? 'Journal d’activité' : 'Aucune activité trouvée',
      entries,
    };
  }

  /**
   * The "Historique" panel of one record. Open to whoever may view that kind of record (a product's
   * history with shop view, an order's with orders view...), checked here since it depends on `entity`.
   */
  @Get('history')
  @SignedIn()
  @Header('Cache-Control', 'no-store')
  @ApiOperation({ summary: 'Historique d’un élément (entity, entity_id), le plus récent d’abord.' })
  async history(@Query() query: AuditHistoryQueryDto, @Req() req: Request): Promise<AuditListAnswer> {
    if (!can(req.principal, HISTORY_PERMISSIONS[query.entity as AuditedEntity], 'view')) throw forbidden();
    const entries = await this.audit.history(query);
    return { success: true, message: entries.total ? 'Historique' : 'Aucune activité trouvée', entries };
  }
}
