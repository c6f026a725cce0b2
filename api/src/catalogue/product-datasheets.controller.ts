import { Controller, Delete, HttpCode, Param, Post, Query, Req, UploadedFile, UseInterceptors } from '@nestjs/common';
import { ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { IdPipe } from '../common/id.pipe.js';
import { FormBody, type SubmittedForm } from '../common/forms.js';
import { sentVersion } from '../common/versioning.js';
import type { ProductDatasheetsAnswer } from '../contract/backoffice.js';
import { RequirePermission } from '../core/access/permissions.js';
import { DatasheetUploadInterceptor, checkedDatasheet } from './datasheet-upload.js';
import { ProductDatasheetDto } from './dto/product-datasheet.dto.js';
import { ProductDatasheetsService } from './product-datasheets.service.js';

const PRODUCT_ID = new IdPipe('Produit introuvable.');

/** A product's PDF datasheets, staff side: the same right as editing the product. */
@ApiTags('Tableau de bord : produits')
@Controller('product')
export class ProductDatasheetsController {
  constructor(private readonly datasheets: ProductDatasheetsService) {}

  @Post(':id/datasheets')
  @HttpCode(201)
  @RequirePermission('shop', 'edit')
  @ApiOperation({ summary: 'Joint une fiche technique PDF (10 Mo au plus) au produit.' })
  @UseInterceptors(DatasheetUploadInterceptor)
  async add(
    @Param('id', PRODUCT_ID) id: number,
    @Req() req: Request,
    @FormBody(ProductDatasheetDto, { multipart: true }) form: SubmittedForm<ProductDatasheetDto>,
    @UploadedFile() file: Express.Multer.File | undefined,
  ): Promise<ProductDatasheetsAnswer> {
    return this.datasheets.add(id, form, checkedDatasheet(file), req.principal!.userId);
  }

  @Delete(':id/datasheets/:datasheetId')
  @RequirePermission('shop', 'edit')
  @ApiOperation({ summary: 'Retire une fiche technique du produit.' })
  @ApiQuery({
    name: 'version',
    required: false,
    description: 'La `version` du produit reçue avec la fiche ; absente = pas de contrôle.',
  })
  async remove(
    @Param('id', PRODUCT_ID) id: number,
    @Param('datasheetId', new IdPipe('Fiche technique introuvable.')) datasheetId: number,
    @Req() req: Request,
    @Query('version') version?: string,
  ): Promise<ProductDatasheetsAnswer> {
    return this.datasheets.remove(id, datasheetId, sentVersion({ version }), req.principal!.userId);
  }
}
