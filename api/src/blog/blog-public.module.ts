import { Module } from '@nestjs/common';
import { PublicArticlesController } from './public-articles.controller.js';
import { PublicArticlesService } from './public-articles.service.js';

/** Public reads of the blog: published articles only. */
@Module({ controllers: [PublicArticlesController], providers: [PublicArticlesService] })
export class BlogPublicModule {}
