import { Module } from '@nestjs/common';
import { SearchController } from './search.controller.js';
import { SearchService } from './search.service.js';

/** GET /api/search: the dashboard's global search, gated per category. */
@Module({ controllers: [SearchController], providers: [SearchService] })
export class SearchModule {}
