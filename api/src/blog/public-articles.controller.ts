import { Controller, Get, Header, Param, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { IdPipe } from '../access/id.pipe.js';
import type { ArticleAnswer, ArticleListAnswer, OtherArticlesAnswer } from '../contract/public.js';
import { Public } from '../core/access/permissions.js';
import { OtherArticlesQueryDto, PublicArticleQueryDto } from './dto/public-article-query.dto.js';
import { PublicArticlesService } from './public-articles.service.js';

/** Published content changes rarely and the site is rebuilt on publish: short shared caching. */
const LIST_CACHE = 'public, max-age=60, stale-while-revalidate=300';

/** The blog as the public site reads it (spec section 7). */
@ApiTags('Site public : blog')
@Controller()
export class PublicArticlesController {
  constructor(private readonly articles: PublicArticlesService) {}

  @Get('article')
  @Public()
  @Header('Cache-Control', LIST_CACHE)
  async list(@Query() query: PublicArticleQueryDto): Promise<ArticleListAnswer> {
    const blogs = await this.articles.list(query);
    return { success: true, message: blogs.total ? 'Articles trouvés' : 'Aucun article trouvé', blogs };
  }

  @Get('article/others/:id')
  @Public()
  @Header('Cache-Control', LIST_CACHE)
  async others(
    @Param('id', new IdPipe('Article introuvable.')) id: number,
    @Query() query: OtherArticlesQueryDto,
  ): Promise<OtherArticlesAnswer> {
    const blogs = await this.articles.others(id, query.limit);
    return { success: true, message: blogs.length ? 'Articles trouvés' : 'Aucun article trouvé', blogs };
  }

  @Get('showBySlug/:slug')
  @Public()
  @Header('Cache-Control', LIST_CACHE)
  async bySlug(@Param('slug') slug: string): Promise<ArticleAnswer> {
    return { success: true, message: 'Article trouvé', blog: await this.articles.bySlug(slug) };
  }
}
