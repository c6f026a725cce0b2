import { ARTICLE_LIST } from './article-list.js';
import { ApiList } from '../common/list-order.js';
import { Controller, Delete, Get, Header, HttpCode, Param, Post, Query, Req, UseInterceptors } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { IdPipe } from '../common/id.pipe.js';
import { FormBody, type SubmittedForm } from '../common/forms.js';
import type { DoneAnswer, StaffArticleAnswer, StaffArticleListAnswer } from '../contract/backoffice.js';
import { RequirePermission } from '../core/access/permissions.js';
import { UploadedImages, type SubmittedImages } from '../media/image-fields.js';
import { ImageUploadInterceptor } from '../media/upload-policy.js';
import { ArticleFormDto, StaffArticleListQueryDto } from './dto/staff-article.dto.js';
import { StaffArticlesService } from './staff-articles.service.js';

const ID = new IdPipe('Article introuvable.');

/** Articles, staff side (spec dashboard §2 "Blog", §7 "Articles"). The public reads are elsewhere. */
const ARTICLE_UPLOAD = ImageUploadInterceptor('image', { maxFieldBytes: 384 * 1024 });

@ApiTags('Tableau de bord : articles')
@Controller('blog')
export class StaffArticlesController {
  constructor(private readonly articles: StaffArticlesService) {}

  @Get()
  @Header('Cache-Control', 'no-store')
  @RequirePermission('blog', 'view')
  @ApiList(ARTICLE_LIST, 'Recherche sur le titre (sans accents ni casse).')
  async list(@Query() query: StaffArticleListQueryDto): Promise<StaffArticleListAnswer> {
    return { success: true, message: 'Articles récupérés avec succès.', blogs: await this.articles.list(query) };
  }

  @Get(':id')
  @Header('Cache-Control', 'no-store')
  @RequirePermission('blog', 'view')
  async get(@Param('id', ID) id: number): Promise<StaffArticleAnswer> {
    return { success: true, message: 'Article récupéré avec succès.', blog: await this.articles.get(id) };
  }

  @Post('create')
  @HttpCode(201)
  @RequirePermission('blog', 'create')
  @UseInterceptors(ARTICLE_UPLOAD)
  async create(
    @Req() req: Request,
    @FormBody(ArticleFormDto, { multipart: true }) form: SubmittedForm<ArticleFormDto>,
    @UploadedImages({ field: 'image' }) image: SubmittedImages,
  ): Promise<StaffArticleAnswer> {
    return { success: true, ...(await this.articles.create(form, image, req.principal!.userId)) };
  }

  @Post(':id/update')
  @HttpCode(200)
  @RequirePermission('blog', 'edit')
  @UseInterceptors(ARTICLE_UPLOAD)
  async update(
    @Param('id', ID) id: number,
    @Req() req: Request,
    @FormBody(ArticleFormDto, { multipart: true }) form: SubmittedForm<ArticleFormDto>,
    @UploadedImages({ field: 'image' }) image: SubmittedImages,
  ): Promise<StaffArticleAnswer> {
    return { success: true, ...(await this.articles.update(id, form, image, req.principal!.userId)) };
  }

  @Delete(':id/delete')
  @RequirePermission('blog', 'delete')
  async delete(@Param('id', ID) id: number): Promise<DoneAnswer> {
    await this.articles.delete(id);
    return { success: true, message: 'Article supprimé avec succès !' };
  }
}
