import { Controller, Get, Header, Query, Req } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import type { SearchAnswer } from '../contract/backoffice.js';
import { SignedIn } from '../core/access/permissions.js';
import { SearchQueryDto } from './dto/search-query.dto.js';
import { SearchService } from './search.service.js';

@ApiTags('Tableau de bord : recherche globale')
@Controller('search')
export class SearchController {
  constructor(private readonly search: SearchService) {}

  /** GET /api/search?query= (at least 2 characters, else 422). */
  @Get()
  @Header('Cache-Control', 'no-store')
  @SignedIn()
  async find(@Req() req: Request, @Query() params: SearchQueryDto): Promise<SearchAnswer> {
    const groups = await this.search.search(req.principal!, params.query);
    return { success: true, message: 'Résultats de la recherche.', query: params.query, ...groups };
  }
}
