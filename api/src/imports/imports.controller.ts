import { Body, Controller, Get, Header, HttpCode, Post, Query, Req, Res, UseInterceptors } from '@nestjs/common';
import { ApiBody, ApiConsumes, ApiOperation, ApiProduces, ApiProperty, ApiQuery, ApiTags } from '@nestjs/swagger';
import { IsIn, IsNotEmpty, IsString, MaxLength } from 'class-validator';
import type { Request, Response } from 'express';
import { EXPORT_FORMATS, type ExportFormat } from '../common/list-export.js';
import type { ImportApplyAnswer, ImportPreviewAnswer } from '../contract/imports.js';
import { RequirePermission } from '../core/access/permissions.js';
import { ImportUploadInterceptor, uploadedFiles } from './import-files.js';
import { ImportsService } from './imports.service.js';

export class ImportApplyDto {
  @ApiProperty({ description: 'Le jeton de l’aperçu (réponse de …/preview).', example: '1b4e28ba-2fa1-11d2-883f-0016d3cca427' })
  @IsString({ message: 'Le jeton de l’aperçu est requis.' })
  @IsNotEmpty({ message: 'Le jeton de l’aperçu est requis.' })
  @MaxLength(64, { message: 'Le jeton de l’aperçu est invalide.' })
  token: string;
}

export class ImportTemplateQueryDto {
  @IsIn(EXPORT_FORMATS, { message: 'Le format doit être « csv » ou « xlsx ».' })
  format: ExportFormat;
}

const UPLOAD = ImportUploadInterceptor();

/** The multipart body of a preview, for OpenAPI. */
function ApiImportUpload(what: string, withImages: boolean) {
  return (target: object, key: string | symbol, descriptor: PropertyDescriptor) => {
    ApiOperation({
      summary: `Aperçu de l’import de ${what} : le fichier (CSV UTF-8 séparé par « ; » ou « , », ou Excel .xlsx, 20 Mo au plus) lu et chaque ligne vérifiée avec les règles du formulaire ; rien n’est enregistré. Réponse : les erreurs par ligne et un jeton valable 30 minutes pour …/apply.`,
    })(target, key, descriptor);
    ApiConsumes('multipart/form-data')(target, key, descriptor);
    ApiBody({
      schema: {
        type: 'object',
        required: ['file'],
        properties: {
          file: {
            type: 'string',
            format: 'binary',
            description: 'La feuille (CSV ou XLSX), première ligne : les en-têtes du modèle.',
          },
          ...(withImages
            ? {
                images: {
                  type: 'string',
                  format: 'binary',
                  description: 'ZIP des images nommées dans la colonne « Images » (facultatif).',
                },
              }
            : {}),
        },
      },
    })(target, key, descriptor);
  };
}

const ApiApply = (what: string) =>
  ApiOperation({
    summary: `Applique l’aperçu d’un import de ${what} (lignes valides, par lots transactionnels) ; une entrée au journal.`,
  });

const ApiTemplate = (what: string) => (target: object, key: string | symbol, descriptor: PropertyDescriptor) => {
  ApiOperation({ summary: `Le modèle de fichier d’import de ${what} : les en-têtes et une ligne d’exemple.` })(
    target,
    key,
    descriptor,
  );
  ApiProduces('text/csv', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')(target, key, descriptor);
  ApiQuery({ name: 'format', required: true, enum: [...EXPORT_FORMATS], description: 'csv ou xlsx.' })(target, key, descriptor);
};

/**
 * Imports (products, clients, stock entries): preview, apply, template. Each route asks the right to
 * create records of its kind; rows that update an existing record also need the edit right (checked
 * per row in the preview).
 */
@ApiTags('Tableau de bord : imports')
@Controller('import')
export class ImportsController {
  constructor(private readonly imports: ImportsService) {}

  private async sendTemplate(res: Response, kind: string, format: ExportFormat): Promise<void> {
    const file = await this.imports.template(kind, format);
    res.setHeader(
      'Content-Type',
      format === 'csv' ? 'text/csv; charset=utf-8' : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    res.setHeader('Content-Disposition', `attachment; filename="${file.fileName}"`);
    res.setHeader('Cache-Control', 'no-store');
    res.status(200).end(file.body);
  }

  private previewAnswer(preview: ImportPreviewAnswer['preview']): ImportPreviewAnswer {
    const message = preview.invalid
      ? `${preview.invalid} ligne(s) en erreur ne seront pas importées.`
      : 'Toutes les lignes sont valides.';
    return { success: true, message, preview };
  }

  private applyAnswer(summary: ImportApplyAnswer['summary']): ImportApplyAnswer {
    const message = `${summary.created} créé(s), ${summary.updated} mis à jour, ${summary.skipped} ignoré(s), ${summary.failed.length} refusé(s).`;
    return { success: true, message, summary };
  }

  @Post('products/preview')
  @HttpCode(200)
  @RequirePermission('shop', 'create')
  @UseInterceptors(UPLOAD)
  @ApiImportUpload('produits', true)
  async previewProducts(@Req() req: Request): Promise<ImportPreviewAnswer> {
    return this.previewAnswer(await this.imports.preview('products', req.principal!, uploadedFiles(req)));
  }

  @Post('products/apply')
  @HttpCode(200)
  @RequirePermission('shop', 'create')
  @ApiApply('produits')
  async applyProducts(@Req() req: Request, @Body() body: ImportApplyDto): Promise<ImportApplyAnswer> {
    return this.applyAnswer(await this.imports.apply('products', req.principal!, body.token));
  }

  @Get('products/template')
  @Header('Cache-Control', 'no-store')
  @RequirePermission('shop', 'create')
  @ApiTemplate('produits')
  async productsTemplate(@Query() query: ImportTemplateQueryDto, @Res() res: Response): Promise<void> {
    await this.sendTemplate(res, 'products', query.format);
  }

  @Post('customers/preview')
  @HttpCode(200)
  @RequirePermission('orders', 'create')
  @UseInterceptors(UPLOAD)
  @ApiImportUpload('clients', false)
  async previewCustomers(@Req() req: Request): Promise<ImportPreviewAnswer> {
    return this.previewAnswer(await this.imports.preview('customers', req.principal!, uploadedFiles(req)));
  }

  @Post('customers/apply')
  @HttpCode(200)
  @RequirePermission('orders', 'create')
  @ApiApply('clients')
  async applyCustomers(@Req() req: Request, @Body() body: ImportApplyDto): Promise<ImportApplyAnswer> {
    return this.applyAnswer(await this.imports.apply('customers', req.principal!, body.token));
  }

  @Get('customers/template')
  @Header('Cache-Control', 'no-store')
  @RequirePermission('orders', 'create')
  @ApiTemplate('clients')
  async customersTemplate(@Query() query: ImportTemplateQueryDto, @Res() res: Response): Promise<void> {
    await this.sendTemplate(res, 'customers', query.format);
  }

  @Post('stock/preview')
  @HttpCode(200)
  @RequirePermission('stock', 'create')
  @UseInterceptors(UPLOAD)
  @ApiImportUpload('entrées de stock', false)
  async previewStock(@Req() req: Request): Promise<ImportPreviewAnswer> {
    return this.previewAnswer(await this.imports.preview('stock', req.principal!, uploadedFiles(req)));
  }

  @Post('stock/apply')
  @HttpCode(200)
  @RequirePermission('stock', 'create')
  @ApiApply('entrées de stock')
  async applyStock(@Req() req: Request, @Body() body: ImportApplyDto): Promise<ImportApplyAnswer> {
    return this.applyAnswer(await this.imports.apply('stock', req.principal!, body.token));
  }

  @Get('stock/template')
  @Header('Cache-Control', 'no-store')
  @RequirePermission('stock', 'create')
  @ApiTemplate('entrées de stock')
  async stockTemplate(@Query() query: ImportTemplateQueryDto, @Res() res: Response): Promise<void> {
    await this.sendTemplate(res, 'stock', query.format);
  }
}
