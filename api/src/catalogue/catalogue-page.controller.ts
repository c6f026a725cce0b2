import { Controller, Get, Req, Res } from '@nestjs/common';
import { ApiOperation, ApiProduces, ApiQuery, ApiTags } from '@nestjs/swagger';
import { plainToInstance } from 'class-transformer';
import { validate } from 'class-validator';
import type { Request, Response } from 'express';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Public } from '../core/access/permissions.js';
import { ApiError } from '../core/errors/api-error.js';
import { flattenValidationErrors } from '../core/errors/validation.pipe.js';
import { sharedPage, siteCsp } from '../core/web/security-headers.js';
import { SiteBuilderService } from '../publishing/site-builder.service.js';
import { Brand } from './entities/brand.entity.js';
import { renderCatalogue, replaceCatalogueIsland, type CataloguePageState } from './catalogue-page.js';
import { ProductFilterQueryDto } from './dto/public-catalogue.dto.js';
import { PublicCatalogueService } from './public-catalogue.service.js';
import { DataSource } from 'typeorm';
import { InjectDataSource } from '@nestjs/typeorm';

/** Where the catalogue's GET form leads (the island answers in place when scripts run). */
export const CATALOGUE_PAGE_PATH = '/api/catalogue';
const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/**
 * The shop filtered without JavaScript: the catalogue's GET form, submitted, leads here and gets the
 * catalogue page of the live release with the matching products in place of the island (see
 * catalogue-page.ts). Same parameters as the address of /catalogue.
 */
@ApiTags('Site public : catalogue')
@Controller('catalogue')
export class CataloguePageController {
  constructor(
    private readonly catalogue: PublicCatalogueService,
    private readonly site: SiteBuilderService,
    @InjectDataSource() private readonly dataSource: DataSource,
  ) {}

  @Get()
  @Public()
  @ApiOperation({ summary: 'La boutique filtrée, en HTML (le formulaire de filtres sans JavaScript).' })
  @ApiProduces('text/html')
  @ApiQuery({ name: 'categorie', required: false, description: '« all » ou l’id d’une catégorie.' })
  @ApiQuery({ name: 'tri', required: false, description: 'recent, Populaire, prix_asc, prix_desc, nom_asc, nom_desc.' })
  @ApiQuery({ name: 'recherche', required: false, description: 'Recherche sur le nom et la référence.' })
  @ApiQuery({ name: 'marque', required: false, isArray: true, type: String, description: 'Marques (ids).' })
  @ApiQuery({ name: 'prix_min', required: false, description: 'Prix minimum dans la devise affichée.' })
  @ApiQuery({ name: 'prix_max', required: false, description: 'Prix maximum dans la devise affichée.' })
  @ApiQuery({ name: 'disponibilite', required: false, description: 'en_stock ou sur_commande.' })
  @ApiQuery({ name: 'devise', required: false, description: 'Devise d’affichage : XOF (défaut), EUR, USD.' })
  @ApiQuery({ name: 'affiches', required: false, description: 'Nombre de produits affichés (12 à 100).' })
  async page(@Req() req: Request, @Res() res: Response): Promise<void> {
    const dir = this.site.releases.currentDir();
    const template = dir ? await fs.readFile(path.join(dir, 'catalogue.html'), 'utf8').catch(() => null) : null;
    if (!dir || !template) {
      res
        .status(503)
        .setHeader('Retry-After', '5')
        .type('text/plain; charset=utf-8')
        .send('Le site est en cours de publication.');
      return;
    }
    const q = req.query;
    const marque = ([] as unknown[])
      .concat(q.marque ?? [])
      .flatMap((v) => text(v).split(','))
      .filter(Boolean);
    const shown = Number(text(q.affiches));
    const state: CataloguePageState = {
      categorie: text(q.categorie) || 'all',
      tri: text(q.tri) || 'recent',
      recherche: text(q.recherche),
      marque,
      prix_min: text(q.prix_min),
      prix_max: text(q.prix_max),
      disponibilite: text(q.disponibilite),
      devise: text(q.devise).toUpperCase() || 'XOF',
      affiches: Number.isInteger(shown) && shown >= 12 ? Math.min(shown, 100) : 12,
    };
    const dto = plainToInstance(ProductFilterQueryDto, {
      category: state.categorie,
      tri: state.tri,
      ...(state.recherche.length >= 2 ? { search: state.recherche } : {}),
      ...(marque.length ? { marque } : {}),
      prix_min: state.prix_min,
      prix_max: state.prix_max,
      disponibilite: state.disponibilite,
      devise: state.devise,
      limit: String(state.affiches),
    });
    const errors = Object.values(flattenValidationErrors(await validate(dto))).flat();
    let answer: Awaited<ReturnType<PublicCatalogueService['filter']>> = { products: [], total: 0, capped: false };
    if (!errors.length) {
      try {
        answer = await this.catalogue.filter(dto);
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
        const body = error.getResponse() as { message: string; errors?: Record<string, string[]> };
        errors.push(...(body.errors ? Object.values(body.errors).flat() : [body.message]));
      }
    }
    const [categories, brands] = await Promise.all([
      this.catalogue.categories(),
      this.dataSource.getRepository(Brand).find({ select: { id: true, name: true }, order: { name: 'ASC' } }),
    ]);
    const html = renderCatalogue(
      { state, categories, brands, products: answer.products, total: answer.total, capped: answer.capped, errors },
      CATALOGUE_PAGE_PATH,
    );
    const body = replaceCatalogueIsland(template, html);
    if (!body) {
      res.redirect(302, '/catalogue');
      return;
    }
    res.status(errors.length ? 422 : 200);
    res.setHeader('Content-Security-Policy', siteCsp(dir));
    sharedPage(res);
    res.setHeader('Cache-Control', 'public, max-age=30');
    res.type('html').send(body);
  }
}
