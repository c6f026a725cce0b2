import { CATEGORY_LIST } from './brand-category-lists.js';
import { ApiList } from '../common/list-order.js';
import { Controller, Delete, Get, Header, HttpCode, Param, Post, Query, Req, UseInterceptors } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { IdPipe } from '../common/id.pipe.js';
import { FormBody, type SubmittedForm } from '../common/forms.js';
import { ListQueryDto } from '../common/listing.js';
import type { CategoryListAnswer, CategorySaveAnswer, CurrencyListAnswer, DoneAnswer } from '../contract/backoffice.js';
import { RequirePermission } from '../core/access/permissions.js';
import { ImageUploadInterceptor } from '../media/upload-policy.js';
import { CategoriesService } from './categories.service.js';
import { CategoryFormDto } from './dto/category.dto.js';

const ID = new IdPipe('Catégorie introuvable.');

/**
 * Categories (spec dashboard §2 "Categories page", §7 "Categories") and the currencies list. The
 * dialog posts multipart without files: the upload interceptor parses it and refuses any file.
 */
const FORM_WITHOUT_FILES = ImageUploadInterceptor('image', { maxCount: 0 });

@ApiTags('Tableau de bord : catégories et devises')
@Controller()
export class CategoriesController {
  constructor(private readonly categories: CategoriesService) {}

  @Get('category')
  @Header('Cache-Control', 'no-store')
  @RequirePermission('shop', 'view')
  @ApiList(CATEGORY_LIST, 'Recherche sur la désignation (sans accents ni casse).')
  async list(@Query() query: ListQueryDto): Promise<CategoryListAnswer> {
    return { success: true, message: 'Catégories récupérées avec succès.', categories: await this.categories.list(query) };
  }

  @Post('category/create')
  @HttpCode(201)
  @RequirePermission('shop', 'create')
  @UseInterceptors(FORM_WITHOUT_FILES)
  async create(
    @FormBody(CategoryFormDto, { multipart: true }) form: SubmittedForm<CategoryFormDto>,
  ): Promise<CategorySaveAnswer> {
    return { success: true, message: 'Catégorie ajoutée !', category: await this.categories.create(form) };
  }

  @Post('category/:id/update')
  @HttpCode(200)
  @RequirePermission('shop', 'edit')
  @UseInterceptors(FORM_WITHOUT_FILES)
  async update(
    @Param('id', ID) id: number,
    @Req() req: Request,
    @FormBody(CategoryFormDto, { multipart: true }) form: SubmittedForm<CategoryFormDto>,
  ): Promise<CategorySaveAnswer> {
    return {
      success: true,
      message: 'Catégorie mise à jour avec succès !',
      category: await this.categories.update(id, form, req.principal!.userId),
    };
  }

  @Delete('category/:id/delete')
  @RequirePermission('shop', 'delete')
  async delete(@Param('id', ID) id: number): Promise<DoneAnswer> {
    await this.categories.delete(id);
    return { success: true, message: 'Catégorie supprimée avec succès !' };
  }

  @Get('currencies')
  @Header('Cache-Control', 'no-store')
  @RequirePermission('shop', 'view')
  async currencies(): Promise<CurrencyListAnswer> {
    return { success: true, message: 'Devises récupérées avec succès.', currencies: await this.categories.listCurrencies() };
  }
}
