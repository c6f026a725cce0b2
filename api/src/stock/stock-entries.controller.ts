import { STOCK_ENTRY_LIST, StockEntryListQueryDto } from './stock-entry-list.js';
import { ApiList } from '../common/list-order.js';
import { Controller, Delete, Get, Header, HttpCode, Param, Post, Query, Req, UseInterceptors } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { IdPipe } from '../common/id.pipe.js';
import type { DoneAnswer, StockListAnswer, StockSaveAnswer } from '../contract/backoffice.js';
import { RequirePermission } from '../core/access/permissions.js';
import { FormBody, type SubmittedForm } from '../common/forms.js';
import { UploadedImages, type SubmittedImages } from '../media/image-fields.js';
import { ImageUploadInterceptor } from '../media/upload-policy.js';
import { StockEntryFormDto } from './dto/stock-entry.dto.js';
import { StockEntriesService } from './stock-entries.service.js';

const ID = new IdPipe('Entrée de stock introuvable.');

/** Stock entries (spec dashboard §2 "Stock entries", §7 "Stock"). */
@ApiTags('Tableau de bord : entrées de stock')
@Controller('stock')
export class StockEntriesController {
  constructor(private readonly entries: StockEntriesService) {}

  @Get()
  @Header('Cache-Control', 'no-store')
  @RequirePermission('stock', 'view')
  @ApiList(STOCK_ENTRY_LIST, 'Recherche sur le nom (sans accents ni casse).')
  async list(@Query() query: StockEntryListQueryDto): Promise<StockListAnswer> {
    return { success: true, message: 'Entrées de stock récupérées avec succès.', stocks: await this.entries.list(query) };
  }

  @Post('create')
  @HttpCode(201)
  @RequirePermission('stock', 'create')
  @UseInterceptors(ImageUploadInterceptor('image'))
  async create(
    @FormBody(StockEntryFormDto, { multipart: true }) form: SubmittedForm<StockEntryFormDto>,
    @UploadedImages({ field: 'image' }) image: SubmittedImages,
  ): Promise<StockSaveAnswer> {
    return { success: true, message: 'Produit ajouté en stock avec succès !', stock: await this.entries.create(form, image) };
  }

  @Post(':id/update')
  @HttpCode(200)
  @RequirePermission('stock', 'edit')
  @UseInterceptors(ImageUploadInterceptor('image'))
  async update(
    @Param('id', ID) id: number,
    @Req() req: Request,
    @FormBody(StockEntryFormDto, { multipart: true }) form: SubmittedForm<StockEntryFormDto>,
    @UploadedImages({ field: 'image' }) image: SubmittedImages,
  ): Promise<StockSaveAnswer> {
    return {
      success: true,
      message: 'Produit en stock mis à jour avec succès !',
      stock: await this.entries.update(id, form, image, req.principal!.userId),
    };
  }

  @Delete(':id/delete')
  @RequirePermission('stock', 'delete')
  async delete(@Param('id', ID) id: number): Promise<DoneAnswer> {
    await this.entries.delete(id);
    return { success: true, message: 'Produit supprimé du stock avec succès !' };
  }
}
