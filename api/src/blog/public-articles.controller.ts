import { Controller, Get, Param, Query, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { ApiTags } from '@nestjs/swagger';
import { IdPipe } from '../common/id.pipe.js';
import type { ArticleAnswer, ArticleListAnswer, OtherArticlesAnswer } from '../contract/public.js';
import { Public } from '../core/access/permissions.js';
import { OtherArticlesQueryDto, PublicArticleQueryDto } from './dto/public-article-query.dto.js';
import { PublicAnswerCache } from '../publishing/public-answer-cache.js';
import { PublicArticlesService } from './public-articles.service.js';

/**
 * Published content changes rarely and the site is rebuilt on publish: short shared caching, and the
 * list answered from the in-process cache that publishing empties (ETag included).
 */
const LIST_CACHE = 'public, max-age=60, stale-while-revalidate=300';

/** The blog as the public site reads it (spec section 7). */
@ApiTags('Site public : blog')
@Controller()
export class PublicArticlesController {
  constructor(
    private readonly articles: PublicArticlesService,
    private readonly cache: PublicAnswerCache,
  ) {}

  @Get('article')
  @Public()
  async list(@Query() query: PublicArticleQueryDto, @Req() req: Request, @Res() res: Response): Promise<void> {
    await this.cache.send(req, res, LIST_CACHE, async (): Promise<ArticleListAnswer> => {
      const blogs = await this.articles.list(query);
      return { success: true, message: blogs.total ? 'Articles trouvés' : 'Aucun article trouvé', blogs };
    });
  }

  @Get('article/others/:id')
  @Public()
  async others(
    @Param('id', new IdPipe('Article introuvable.')) id: number,
    @Query() query: OtherArticlesQueryDto,
    @Req() req: Request,
    @Res() res: Response,
  ): Promise<void> {
    await this.cache.send(req, res, LIST_CACHE, async (): Promise<OtherArticlesAnswer> => {
      const blogs = await this.articles.others(id, query.limit);
      return { success: true, message: blogs.length ? 'Articles trouvés' : 'Aucun article trouvé', blogs };
    });
  }

  @Get('showBySlug/:slug')
  @Public()
  async bySlug(@Param('slug') slug: string, @Req() req: Request, @Res() res: Response): Promise<void> {
    await this.cache.send(req, res, LIST_CACHE, async (): Promise<ArticleAnswer> => ({
      success: true,
      message: 'Article trouvé',
      blog: await this.articles.bySlug(slug),
    }));
  }
}
