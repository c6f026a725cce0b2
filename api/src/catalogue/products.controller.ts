import { Controller, Delete, HttpCode, Param, Patch, Post, Req, UseInterceptors } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { IdPipe } from '../common/id.pipe.js';
import { FormBody, type SubmittedForm } from '../common/forms.js';
import type { DoneAnswer, ProductSaveAnswer, SpotlightAnswer } from '../contract/backoffice.js';
import { RequirePermission } from '../core/access/permissions.js';
import { UploadedImages, type SubmittedImages } from '../media/image-fields.js';
import { ImageUploadInterceptor } from '../media/upload-policy.js';
import { ProductCreateDto, ProductUpdateDto } from './dto/product.dto.js';
import {
  PRODUCT_IMAGES_COUNT_MESSAGE,
  PRODUCT_IMAGES_INVALID_MESSAGE,
  PRODUCT_IMAGE_RULES,
  PRODUCT_MAX_IMAGES,
  ProductsService,
} from './products.service.js';

const ID = new IdPipe('Produit introuvable.');

/**
 * Products, staff side (spec dashboard §7 "Products"). The list and the detail are the public
 * GET /api/product and GET /api/product/{id}. One file more than allowed still reaches the service,
 * so that the count is reported with the other fields' errors.
 */
const PRODUCT_UPLOAD = ImageUploadInterceptor('images', {
  maxCount: PRODUCT_MAX_IMAGES + 1,
  messages: { count: PRODUCT_IMAGES_COUNT_MESSAGE, size: PRODUCT_IMAGES_INVALID_MESSAGE, type: PRODUCT_IMAGES_INVALID_MESSAGE },
});

@ApiTags('Tableau de bord : produits')
@Controller('product')
export class ProductsController {
  constructor(private readonly products: ProductsService) {}

  @Post('create')
  @HttpCode(201)
  @RequirePermission('shop', 'create')
  @UseInterceptors(PRODUCT_UPLOAD)
  async create(
    @FormBody(ProductCreateDto, { multipart: true }) form: SubmittedForm<ProductCreateDto>,
    @UploadedImages(PRODUCT_IMAGE_RULES) images: SubmittedImages,
  ): Promise<ProductSaveAnswer> {
    return { success: true, message: 'Produit ajouté avec succès !', product: await this.products.create(form, images) };
  }

  @Post(':id/update')
  @HttpCode(200)
  @RequirePermission('shop', 'edit')
  @UseInterceptors(PRODUCT_UPLOAD)
  async update(
    @Param('id', ID) id: number,
    @Req() req: Request,
    @FormBody(ProductUpdateDto, { multipart: true }) form: SubmittedForm<ProductUpdateDto>,
    @UploadedImages(PRODUCT_IMAGE_RULES) images: SubmittedImages,
  ): Promise<ProductSaveAnswer> {
    return {
      success: true,
      message: 'Produit mis à jour avec succès !',
      product: await this.products.update(id, form, images, req.principal!.userId),
    };
  }

  @Delete(':id/delete')
  @RequirePermission('shop', 'delete')
  async delete(@Param('id', ID) id: number): Promise<DoneAnswer> {
    await this.products.delete(id);
    return { success: true, message: 'Produit supprimé avec succès !' };
  }

  @Patch(':id/add-spotlight')
  @RequirePermission('shop', 'edit')
  async toggleSpotlight(@Param('id', ID) id: number): Promise<SpotlightAnswer> {
    const product = await this.products.toggleSpotlight(id);
    return {
      success: true,
      message: product.in_spotlight ? 'Produit ajouté aux populaires avec succès.' : 'Produit retiré des populaires avec succès.',
      in_spotlight: product.in_spotlight,
      product,
    };
  }
}
