import { BRAND_LIST } from './brand-category-lists.js';
import { ApiList } from '../common/list-order.js';
import { Controller, Delete, Get, Header, HttpCode, Param, Post, Query, Req, UseInterceptors } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { IdPipe } from '../common/id.pipe.js';
import { FormBody, type SubmittedForm } from '../common/forms.js';
import { ListQueryDto } from '../common/listing.js';
import type { BrandListAnswer, BrandSaveAnswer, DoneAnswer } from '../contract/backoffice.js';
import { RequirePermission } from '../core/access/permissions.js';
import { UploadedImages, type SubmittedImages } from '../media/image-fields.js';
import { ImageUploadInterceptor } from '../media/upload-policy.js';
import { BrandsService } from './brands.service.js';
import { BrandFormDto } from './dto/brand.dto.js';

const ID = new IdPipe('Marque introuvable.');

/** Brands (spec dashboard §2 "Brands page", §7 "Brands"). */
@ApiTags('Tableau de bord : marques')
@Controller('brands')
export class BrandsController {
  constructor(private readonly brands: BrandsService) {}

  @Get()
  @Header('Cache-Control', 'no-store')
  @RequirePermission('shop', 'view')
  @ApiList(BRAND_LIST, 'Recherche sur le nom (sans accents ni casse).')
  async list(@Query() query: ListQueryDto): Promise<BrandListAnswer> {
    return { success: true, message: 'Marques récupérées avec succès.', brands: await this.brands.list(query) };
  }

  @Post('create')
  @HttpCode(201)
  @RequirePermission('shop', 'create')
  @UseInterceptors(ImageUploadInterceptor('image'))
  async create(
    @FormBody(BrandFormDto, { multipart: true }) form: SubmittedForm<BrandFormDto>,
    @UploadedImages({ field: 'image' }) image: SubmittedImages,
  ): Promise<BrandSaveAnswer> {
    return { success: true, message: 'Marque ajoutée avec succès !', brand: await this.brands.create(form, image) };
  }

  @Post(':id/update')
  @HttpCode(200)
  @RequirePermission('shop', 'edit')
  @UseInterceptors(ImageUploadInterceptor('image'))
  async update(
    @Param('id', ID) id: number,
    @Req() req: Request,
    @FormBody(BrandFormDto, { multipart: true }) form: SubmittedForm<BrandFormDto>,
    @UploadedImages({ field: 'image' }) image: SubmittedImages,
  ): Promise<BrandSaveAnswer> {
    return {
      success: true,
      message: 'Marque mise à jour avec succès !',
      brand: await this.brands.update(id, form, image, req.principal!.userId),
    };
  }

  @Delete(':id/delete')
  @RequirePermission('shop', 'delete')
  async delete(@Param('id', ID) id: number): Promise<DoneAnswer> {
    await this.brands.delete(id);
    return { success: true, message: 'Marque supprimée avec succès !' };
  }
}
