import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { Article } from './entities/article.entity.js';
import { StaffArticlesController } from './staff-articles.controller.js';
import { StaffArticlesService } from './staff-articles.service.js';

/** The staff side of the blog (GET/POST /api/blog…). */
@Module({
  imports: [TypeOrmModule.forFeature([Article])],
  controllers: [StaffArticlesController],
  providers: [StaffArticlesService],
  exports: [StaffArticlesService],
})
export class StaffArticlesModule {}
