import { Module } from '@nestjs/common';
import { PublicArticlesController } from './public-articles.controller.js';
import { SITE_ARTICLES } from '../publishing/site-sources.js';
import { PublicArticlesService } from './public-articles.service.js';

/** Public reads of the blog: published articles only; the site build reads them too (SITE_ARTICLES). */
@Module({
  controllers: [PublicArticlesController],
  providers: [PublicArticlesService, { provide: SITE_ARTICLES, useExisting: PublicArticlesService }],
})
export class BlogPublicModule {}
