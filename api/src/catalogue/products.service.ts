import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { DataSource, type EntityManager, type Repository } from 'typeorm';
import { toMoney, type SubmittedForm } from '../common/forms.js';
import { isForeignKeyViolation, runTransaction } from '../common/transactions.js';
import { explainUnappliedUpdate, withCurrentRecord } from '../common/versioning.js';
import type { StaffProduct } from '../contract/backoffice.js';
import { ValidationFailed, notFound, type FieldErrors } from '../core/errors/api-error.js';
import type { ImageFieldRules, SubmittedImages } from '../media/image-fields.js';
import { discardImage, imageVariants, saveWithImages } from '../media/image-variants.js';
import { STORAGE, type Storage } from '../media/storage/storage.js';
import { discardStored } from '../media/upload-policy.js';
import { PublishingService } from '../publishing/publishing.service.js';
import type { ProductCreateDto, ProductUpdateDto } from './dto/product.dto.js';
import { Brand } from './entities/brand.entity.js';
import { Category } from './entities/category.entity.js';
import { Currency } from '../exchange-rates/entities/currency.entity.js';
import { ProductImage } from './entities/product-image.entity.js';
import { ProductDatasheet } from './entities/product-datasheet.entity.js';
import type { ProductSpec } from './product-specs.js';
import { Product } from './entities/product.entity.js';
import { AuditService } from '../audit/audit.service.js';
import { removeAudited, updateAudited } from '../audit/audited-writes.js';
import { currentProduct } from './current-product.js';
import { PRODUCT_FORM_STOCK, formStock } from './product-form-stock.js';
import { PRODUCT_DELETED } from './product-references.js';
import { APP_CONFIG, type AppConfig } from '../core/config/config.js';

const NOT_FOUND = 'Produit introuvable.';
export const PRODUCT_MAX_IMAGES = 5;
export const PRODUCT_IMAGES_COUNT_MESSAGE = 'Vous devez sélectionner entre 1 et 5 images.';
export const PRODUCT_IMAGES_INVALID_MESSAGE = 'Certaines images ont un format invalide ou dépassent 5MB.';

/** The product form's image field, checked at the edge (ProductsController). */
export const PRODUCT_IMAGE_RULES: Omit<ImageFieldRules, 'requiredMessage'> = {
  field: 'images',
  max: PRODUCT_MAX_IMAGES,
  countMessage: PRODUCT_IMAGES_COUNT_MESSAGE,
  messages: { type: PRODUCT_IMAGES_INVALID_MESSAGE, size: PRODUCT_IMAGES_INVALID_MESSAGE },
};

export function toStaffProduct(product: Product): StaffProduct {
  return {
    id: product.id,
    name: product.name,
    reference: product.reference,
    stock: product.stock,
    price: product.price,
    description: product.description,
    brand_id: product.brand_id,
    category_id: product.category_id,
    currency_id: product.currency_id,
    in_spotlight: Boolean(product.in_spotlight),
    low_stock_threshold: product.low_stock_threshold ?? null,
    tax_rate_bp: product.tax_rate_bp,
    tax_exemption: product.tax_exemption ?? null,
    brand: { id: product.brand!.id, name: product.brand!.name },
    category: { id: product.category!.id, designation: product.category!.designation },
    currency: {
      id: product.currency!.id,
      name: product.currency!.name,
      symbol: product.currency!.symbol,
      code: product.currency!.code,
    },
    images: [...(product.images ?? [])]
      .sort((a, b) => a.position - b.position || a.id - b.id)
      .map((image) => ({
        id: image.id,
        image_path: image.image_path,
        image_variants: imageVariants(image.image_path),
        position: image.position,
      })),
    specs: product.specs ?? [],
    created_at: product.created_at.toISOString(),
    updated_at: product.updated_at.toISOString(),
    version: product.version,
  };
}

/** The form's TVA: the rate sent or `rate`; an exemption mention only for a rate of 0. */
export function taxFields(
  form: { tax_rate_bp?: number; tax_exemption?: string | null },
  rate: number,
  exemption: string | null = null,
): { tax_rate_bp: number; tax_exemption: string | null } {
  const tax_rate_bp = form.tax_rate_bp ?? rate;
  return { tax_rate_bp, tax_exemption: tax_rate_bp === 0 ? (form.tax_exemption ?? exemption) : null };
}

/** The specification table the form sent (none: null), or undefined when it sent none (left as it is). */
function specsField(form: { specs?: { specs: ProductSpec[] } | { error: string } }): ProductSpec[] | null | undefined {
  if (!form.specs || !('specs' in form.specs)) return undefined;
  return form.specs.specs.length ? form.specs.specs : null;
}

interface References {
  brand_id: number;
  category_id: number;
  currency_id: number;
}

/** Products, staff side: create, update (images replace the old ones), delete, popular flag. */
@Injectable()
export class ProductsService {
  constructor(
    @InjectRepository(Product) private readonly products: Repository<Product>,
    private readonly dataSource: DataSource,
    @Inject(STORAGE) private readonly storage: Storage,
    private readonly publishing: PublishingService,
    private readonly audit: AuditService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async get(id: number, manager: EntityManager = this.dataSource.manager): Promise<StaffProduct> {
    const product = await manager.getRepository(Product).findOne({
      where: { id },
      relations: { brand: true, category: true, currency: true, images: true },
    });
    if (!product) throw notFound(NOT_FOUND);
    return toStaffProduct(product);
  }

  /** 422 on each of brand_id, category_id, currency_id that names nothing. */
  private async checkReferences(refs: References, manager: EntityManager = this.dataSource.manager): Promise<void> {
    const errors: FieldErrors = {};
    if (!(await manager.getRepository(Brand).existsBy({ id: refs.brand_id }))) {
      errors.brand_id = ['La marque sélectionnée n’existe pas.'];
    }
    if (!(await manager.getRepository(Category).existsBy({ id: refs.category_id }))) {
      errors.category_id = ['La catégorie sélectionnée n’existe pas.'];
    }
    if (!(await manager.getRepository(Currency).existsBy({ id: refs.currency_id }))) {
      errors.currency_id = ['La devise sélectionnée n’existe pas.'];
    }
    if (Object.keys(errors).length) throw new ValidationFailed(errors);
  }

  /** A brand/category/currency removed between the check and the write: report it as the check would. */
  private async explainForeignKey(error: unknown, refs: References): Promise<never> {
    if (isForeignKeyViolation(error)) await this.checkReferences(refs);
    throw error;
  }

  async create(submitted: SubmittedForm<ProductCreateDto>, { images, errors }: SubmittedImages): Promise<StaffProduct> {
    const form = submitted.valid(errors("L'image est requise."));
    const refs = { brand_id: form.brand_id, category_id: form.category_id, currency_id: form.currency_id };
    await this.checkReferences(refs);
    const id = await saveWithImages(this.storage, 'products', images, (paths) =>
      runTransaction(this.dataSource, async (manager) => {
        // The stock typed in comes in through the ledger: an `opening` movement.
        const result = await manager.getRepository(Product).insert({
          name: form.name,
          reference: form.reference,
          stock: 0,
          price: toMoney(form.price),
          description: form.description,
          low_stock_threshold: form.low_stock_threshold ?? null,
          specs: specsField(form) ?? null,
          ...taxFields(form, this.config.taxes.defaultRateBp),
          ...refs,
        });
        const productId = Number(result.identifiers[0]!.id);
        await formStock(PRODUCT_FORM_STOCK.opening)(manager, productId, form.stock);
        await manager
          .getRepository(ProductImage)
          .insert(paths.map((image_path, position) => ({ product_id: productId, image_path, position })));
        return productId;
      }).catch((error: unknown) => this.explainForeignKey(error, refs)),
    );
    await this.publishing.notifyChange('product.created', `Produit « ${form.name} » ajouté`);
    return this.get(id);
  }

  async update(
    id: number,
    submitted: SubmittedForm<ProductUpdateDto>,
    { images, errors }: SubmittedImages,
    userId: number,
  ): Promise<StaffProduct> {
    const existing = await this.products.findOne({ where: { id }, relations: { images: true } });
    if (!existing) throw notFound(NOT_FOUND);
    const form = submitted.valid(errors());
    const refs = {
      brand_id: form.brand_id ?? existing.brand_id,
      category_id: form.category_id ?? existing.category_id,
      currency_id: form.currency_id ?? existing.currency_id,
    };
    await this.checkReferences(refs);
    const version = submitted.version();
    await saveWithImages(this.storage, 'products', images, (paths) =>
      runTransaction(this.dataSource, async (manager) => {
        // Locked first, so the stock the adjustment starts from is the one the save replaces.
        const before = await currentProduct(manager, id);
        const result = await updateAudited(
          manager.getRepository(Product),
          id,
          {
            stock: form.stock,
            name: form.name,
            reference: form.reference,
            price: toMoney(form.price),
            description: form.description,
            low_stock_threshold: form.low_stock_threshold,
            specs: specsField(form),
            ...taxFields(form, existing.tax_rate_bp, existing.tax_exemption),
            ...refs,
            updated_by: userId,
          },
          version,
        );
        if (!result.affected) await explainUnappliedUpdate(manager.getRepository(Product), id, NOT_FOUND, 'ce produit');
        // The form's figure is the available quantity: the ledger's `adjustment` of the difference.
        await formStock(PRODUCT_FORM_STOCK.adjusted)(manager, id, before!.stock, form.stock);
        if (paths.length) {
          await manager.getRepository(ProductImage).delete({ product_id: id });
          await manager
            .getRepository(ProductImage)
            .insert(paths.map((image_path, position) => ({ product_id: id, image_path, position })));
        }
      }).catch((error: unknown) => this.explainForeignKey(error, refs)),
    ).catch(withCurrentRecord(() => this.get(id)));
    if (images.length) {
      for (const old of existing.images ?? []) await discardImage(this.storage, old.image_path);
    }
    await this.publishing.notifyChange('product.updated', `Produit « ${form.name} » mis à jour`);
    return this.get(id);
  }

  /**
   * Removes a product and its images. Orders that contain it keep their lines: the line keeps the
   * name, price and quantity it was ordered with, and its product link becomes empty.
   */
  async delete(id: number): Promise<void> {
    const product = await runTransaction(this.dataSource, async (manager) => {
      const found = await manager.getRepository(Product).findOne({ where: { id }, relations: { images: true } });
      if (!found) throw notFound(NOT_FOUND);
      for (const detach of PRODUCT_DELETED.all()) await detach(manager, id);
      await manager.getRepository(ProductImage).delete({ product_id: id });
      const sheets = await manager.getRepository(ProductDatasheet).findBy({ product_id: id });
      await removeAudited(manager.getRepository(Product), id);
      return { ...found, sheets };
    });
    for (const image of product.images ?? []) await discardImage(this.storage, image.image_path);
    for (const sheet of product.sheets) await discardStored(this.storage, sheet.path);
    await this.publishing.notifyChange('product.deleted', `Produit « ${product.name} » supprimé`);
  }

  /** Flips the popular flag in one statement (two clicks at once give two flips, never a lost one). */
  async toggleSpotlight(id: number): Promise<StaffProduct> {
    const product = await runTransaction(this.dataSource, async (manager) => {
      const result = await manager
        .createQueryBuilder()
        .update(Product)
        .set({ in_spotlight: () => 'NOT in_spotlight' })
        .where('id = :id', { id })
        .execute();
      if (!result.affected) throw notFound(NOT_FOUND);
      const flipped = await this.get(id, manager);
      // A one-statement flip: TypeORM cannot see the old value, so the entry is written here.
      await this.audit.record(manager, {
        entity: 'product',
        entity_id: id,
        label: flipped.name,
        action: 'update',
        changes: { in_spotlight: { before: !flipped.in_spotlight, after: flipped.in_spotlight } },
      });
      return flipped;
    });
    await this.publishing.notifyChange(
      'product.updated',
      product.in_spotlight
        ? `Produit « ${product.name} » ajouté aux populaires`
        : `Produit « ${product.name} » retiré des populaires`,
    );
    return product;
  }
}
