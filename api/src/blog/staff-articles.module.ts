import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { MediaLibraryModule } from '../media/media-library.module.js';
import { ArticleMediaUsage } from './article-media-usage.js';
import { Article } from './entities/article.entity.js';
import { StaffArticlesController } from './staff-articles.controller.js';
import { StaffArticlesService } from './staff-articles.service.js';

/** The staff side of the blog (GET/POST /api/blog…). */
@Module({
  imports: [TypeOrmModule.forFeature([Article]), MediaLibraryModule],
  controllers: [StaffArticlesController],
  providers: [StaffArticlesService, ArticleMediaUsage],
  exports: [StaffArticlesService],
})
export class StaffArticlesModule {}
