import { Injectable } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import { PublicAnswerCache } from '../publishing/public-answer-cache.js';
import { readFilterQuery } from './filter-query.js';
import { FILTER_SEND, LIST_CACHE } from './public-catalogue.controller.js';
import { PublicCatalogueService } from './public-catalogue.service.js';

const PATH = '/api/products/filter';

/**
 * The shop's filter answered before Nest's pipeline (router, guards, class-validator, interceptors):
 * its query varies with nearly every request, so the answer cache rarely helps, and that pipeline cost
 * more CPU than finding the products. Same answer as the controller's route (PublicCatalogueController
 * .filter, kept for the documentation and for what this path leaves to it): a public route that reads
 * no cookie, its query read by readFilterQuery. A query the validation pipe would refuse, or an answer
 * that fails (an unknown display currency, a price with too many decimals), goes on to the controller,
 * which answers the 422 in the API's format.
 */
@Injectable()
export class CatalogueFilterRoute {
  constructor(
    private readonly catalogue: PublicCatalogueService,
    private readonly cache: PublicAnswerCache,
  ) {}

  middleware(): (req: Request, res: Response, next: NextFunction) => void {
    return (req, res, next) => {
      if (req.method !== 'GET' || req.path !== PATH) return next();
      const query = readFilterQuery(req.query as Record<string, unknown>);
      if (!query) return next();
      // The metrics label answers by their route's template (MetricsService), as the router would set it.
      (req as { route?: unknown }).route = { path: PATH };
      this.cache
        .send(req, res, LIST_CACHE, () => this.catalogue.filterAnswer(query), FILTER_SEND)
        .catch(() => {
          if (!res.headersSent) next();
        });
    };
  }
}
