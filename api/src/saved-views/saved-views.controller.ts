import { Body, Controller, Delete, Get, Header, HttpCode, Param, Post, Query, Req } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { IdPipe } from '../common/id.pipe.js';
import type { SavedViewListAnswer, SavedViewSaveAnswer } from '../contract/saved-views.js';
import type { DoneAnswer } from '../contract/backoffice.js';
import { SignedIn } from '../core/access/permissions.js';
import { SavedViewDto, SavedViewListQueryDto } from './saved-view.dto.js';
import { SavedViewsService } from './saved-views.service.js';

/** Named views of the back-office lists, per person. */
@ApiTags('Tableau de bord : vues enregistrées')
@Controller('saved-views')
export class SavedViewsController {
  constructor(private readonly views: SavedViewsService) {}

  @Get()
  @SignedIn()
  @Header('Cache-Control', 'no-store')
  @ApiOperation({ summary: 'Ses propres vues enregistrées d’une liste, par nom.' })
  async list(@Query() query: SavedViewListQueryDto, @Req() req: Request): Promise<SavedViewListAnswer> {
    return { success: true, message: 'Vues enregistrées', views: await this.views.list(req.principal!.userId, query.list) };
  }

  @Post()
  @HttpCode(201)
  @SignedIn()
  @ApiOperation({ summary: 'Enregistre une vue (le même nom sur la même liste la remplace).' })
  async save(@Body() body: SavedViewDto, @Req() req: Request): Promise<SavedViewSaveAnswer> {
    return { success: true, message: 'Vue enregistrée.', view: await this.views.save(req.principal!.userId, body) };
  }

  @Delete(':id')
  @SignedIn()
  @ApiOperation({ summary: 'Supprime une de ses vues (celle d’un autre : 404).' })
  async remove(@Param('id', new IdPipe('Vue introuvable.')) id: number, @Req() req: Request): Promise<DoneAnswer> {
    await this.views.remove(req.principal!.userId, id);
    return { success: true, message: 'Vue supprimée.' };
  }
}
