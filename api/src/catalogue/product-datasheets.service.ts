import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { randomUUID } from 'node:crypto';
import { insertAudited, removeAudited } from '../audit/audited-writes.js';
import type { SubmittedForm } from '../common/forms.js';
import { runTransaction } from '../common/transactions.js';
import { explainUnappliedUpdate } from '../common/versioning.js';
import type { ProductDatasheetsAnswer } from '../contract/backoffice.js';
import { ValidationFailed, notFound } from '../core/errors/api-error.js';
import { STORAGE, type Storage } from '../media/storage/storage.js';
import { discardStored } from '../media/upload-policy.js';
import { PublishingService } from '../publishing/publishing.service.js';
import type { CheckedDatasheet } from './datasheet-upload.js';
import type { ProductDatasheetDto } from './dto/product-datasheet.dto.js';
import { ProductDatasheet } from './entities/product-datasheet.entity.js';
import { Product } from './entities/product.entity.js';
import { datasheetsOf } from './product-details.js';

const PRODUCT_NOT_FOUND = 'Produit introuvable.';
const DATASHEET_NOT_FOUND = 'Fiche technique introuvable.';
export const PRODUCT_MAX_DATASHEETS = 10;

/**
 * A product's PDF datasheets (« Fiches techniques »): added and removed one at a time from the product
 * form. Each change is an edit of the product: checked against the version the form holds, and the
 * product's version moves on (the form carries on with the one answered).
 */
@Injectable()
export class ProductDatasheetsService {
  constructor(
    private readonly dataSource: DataSource,
    @Inject(STORAGE) private readonly storage: Storage,
    private readonly publishing: PublishingService,
  ) {}

  /** The product moves to its next version, or a 409 (someone saved meanwhile) / 404. */
  private async touchProduct(manager: EntityManager, id: number, version: number | undefined, userId: number): Promise<void> {
    const update = manager.createQueryBuilder().update(Product).set({ updated_by: userId }).where('id = :id', { id });
    if (version !== undefined) update.andWhere('version = :version', { version });
    const result = await update.execute();
    if (!result.affected) await explainUnappliedUpdate(manager.getRepository(Product), id, PRODUCT_NOT_FOUND, 'ce produit');
  }

  private async answer(id: number, message: string): Promise<ProductDatasheetsAnswer> {
    const product = await this.dataSource.getRepository(Product).findOne({ where: { id }, select: { id: true, version: true } });
    if (!product) throw notFound(PRODUCT_NOT_FOUND);
    const sheets = await datasheetsOf(this.dataSource.manager, [id]);
    return { success: true, message, datasheets: sheets.get(id) ?? [], version: product.version };
  }

  /** `upload`: the file the route has already checked (`checkedDatasheet`); the service never sees the upload itself. */
  async add(
    productId: number,
    submitted: SubmittedForm<ProductDatasheetDto>,
    upload: CheckedDatasheet,
    userId: number,
  ): Promise<ProductDatasheetsAnswer> {
    const product = await this.dataSource
      .getRepository(Product)
      .findOne({ where: { id: productId }, select: { id: true, name: true } });
    if (!product) throw notFound(PRODUCT_NOT_FOUND);
    const form = submitted.valid(upload.errors);
    // valid() has answered the file's errors with the form's: the PDF is there.
    const pdf = upload.pdf!;
    const version = submitted.version();
    const count = await this.dataSource.getRepository(ProductDatasheet).countBy({ product_id: productId });
    if (count >= PRODUCT_MAX_DATASHEETS) {
      throw new ValidationFailed({ file: [`Un produit a au plus ${PRODUCT_MAX_DATASHEETS} fiches techniques.`] });
    }
    const path = `datasheets/${randomUUID()}.pdf`;
    await this.storage.put(path, pdf);
    try {
      await runTransaction(this.dataSource, async (manager) => {
        await this.touchProduct(manager, productId, version, userId);
        const last = await manager
          .getRepository(ProductDatasheet)
          .findOne({ where: { product_id: productId }, order: { position: 'DESC' }, select: { id: true, position: true } });
        await insertAudited(manager.getRepository(ProductDatasheet), {
          product_id: productId,
          title: form.title,
          path,
          size: pdf.length,
          position: last ? last.position + 1 : 0,
        });
      });
    } catch (error) {
      await discardStored(this.storage, path);
      throw error;
    }
    await this.publishing.notifyChange('product.updated', `Fiche technique « ${form.title} » ajoutée à « ${product.name} »`);
    return this.answer(productId, 'Fiche technique ajoutée avec succès.');
  }

  async remove(
    productId: number,
    datasheetId: number,
    version: number | undefined,
    userId: number,
  ): Promise<ProductDatasheetsAnswer> {
    const sheet = await runTransaction(this.dataSource, async (manager) => {
      const found = await manager.getRepository(ProductDatasheet).findOneBy({ id: datasheetId, product_id: productId });
      if (!found) {
        if (!(await manager.getRepository(Product).existsBy({ id: productId }))) throw notFound(PRODUCT_NOT_FOUND);
        throw notFound(DATASHEET_NOT_FOUND);
      }
      await this.touchProduct(manager, productId, version, userId);
      await removeAudited(manager.getRepository(ProductDatasheet), datasheetId);
      return found;
    });
    await discardStored(this.storage, sheet.path);
    await this.publishing.notifyChange('product.updated', `Fiche technique « ${sheet.title} » retirée`);
    return this.answer(productId, 'Fiche technique supprimée avec succès.');
  }
}
