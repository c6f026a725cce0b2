import { applyListOrder } from '../common/list-order.js';
import { BRAND_LIST } from './brand-category-lists.js';
import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { DataSource, type Repository } from 'typeorm';
import type { SubmittedForm } from '../common/forms.js';
import { countByParent, paginate, pageRequest, whereSearch, type ListQueryDto } from '../common/listing.js';
import { isForeignKeyViolation, runTransaction } from '../common/transactions.js';
import { explainUnappliedUpdate, withCurrentRecord } from '../common/versioning.js';
import type { StaffBrand } from '../contract/backoffice.js';
import type { Paginated } from '../contract/staff.js';
import { conflict, notFound, type FieldErrors } from '../core/errors/api-error.js';
import type { SubmittedImages } from '../media/image-fields.js';
import { discardImage, imageVariants, saveWithImages } from '../media/image-variants.js';
import { STORAGE, type Storage } from '../media/storage/storage.js';
import { PublishingService } from '../publishing/publishing.service.js';
import type { BrandFormDto } from './dto/brand.dto.js';
import { Brand } from './entities/brand.entity.js';
import { Product } from './entities/product.entity.js';
import { removeAudited, updateAudited } from '../audit/audited-writes.js';

export const BRANDS_PAGE_SIZE = 8;
const NOT_FOUND = 'Marque introuvable.';
const NAME_TAKEN = 'Une marque porte déjà ce nom.';

export function toStaffBrand(brand: Brand, productsCount: number): StaffBrand {
  return {
    id: brand.id,
    name: brand.name,
    image: brand.image,
    image_variants: imageVariants(brand.image),
    representative: brand.representative,
    description: brand.description,
    products_count: productsCount,
    created_at: brand.created_at.toISOString(),
    updated_at: brand.updated_at.toISOString(),
    version: brand.version,
  };
}

@Injectable()
export class BrandsService {
  constructor(
    @InjectRepository(Brand) private readonly brands: Repository<Brand>,
    private readonly dataSource: DataSource,
    @Inject(STORAGE) private readonly storage: Storage,
    private readonly publishing: PublishingService,
  ) {}

  async list(query: ListQueryDto): Promise<Paginated<StaffBrand>> {
    const request = pageRequest(query, BRANDS_PAGE_SIZE);
    const qb = applyListOrder(this.brands.createQueryBuilder('brand'), query, BRAND_LIST);
    whereSearch(qb, 'brand', query.search);
    const page = await paginate(qb, request);
    const counts = await this.productCounts(page.data.map((b) => b.id));
    return { ...page, data: page.data.map((b) => toStaffBrand(b, counts.get(b.id) ?? 0)) };
  }

  private productCounts(ids: number[]): Promise<Map<number, number>> {
    return countByParent(this.dataSource.getRepository(Product).createQueryBuilder('product'), 'product.brand_id', ids);
  }

  async get(id: number): Promise<StaffBrand> {
    const brand = await this.brands.findOneBy({ id });
    if (!brand) throw notFound(NOT_FOUND);
    const counts = await this.productCounts([id]);
    return toStaffBrand(brand, counts.get(id) ?? 0);
  }

  /**
   * Two brands cannot share a name, whatever the case (as roles): found with the other field errors.
   */
  private async nameTaken(form: SubmittedForm<BrandFormDto>, exceptId?: number): Promise<FieldErrors> {
    // Trimmed by the DTO.
    const name = form.fields.name;
    if (typeof name !== 'string' || !name) return {};
    const qb = this.brands.createQueryBuilder('brand').where('LOWER(brand.name) = LOWER(:name)', { name });
    if (exceptId !== undefined) qb.andWhere('brand.id <> :exceptId', { exceptId });
    return (await qb.getExists()) ? { name: [NAME_TAKEN] } : {};
  }

  async create(submitted: SubmittedForm<BrandFormDto>, image: SubmittedImages): Promise<StaffBrand> {
    const form = submitted.valid({ ...image.errors("L'image est requise."), ...(await this.nameTaken(submitted)) });
    const { images } = image;
    const id = await saveWithImages(this.storage, 'brands', images, async ([path]) => {
      const result = await this.brands.insert({ ...form, image: path ?? null });
      return Number(result.identifiers[0]!.id);
    });
    await this.publishing.notifyChange('brand.created', `Marque « ${form.name} » ajoutée`);
    return this.get(id);
  }

  async update(id: number, submitted: SubmittedForm<BrandFormDto>, image: SubmittedImages, userId: number): Promise<StaffBrand> {
    const existing = await this.brands.findOneBy({ id });
    if (!existing) throw notFound(NOT_FOUND);
    const errors = image.errors(existing.image ? undefined : "L'image est requise.");
    const form = submitted.valid({ ...errors, ...(await this.nameTaken(submitted, id)) });
    const { images } = image;
    const version = submitted.version();
    await saveWithImages(this.storage, 'brands', images, async ([path]) => {
      const result = await updateAudited(
        this.brands,
        id,
        {
          ...form,
          ...(path ? { image: path } : {}),
          updated_by: userId,
        },
        version,
      );
      if (!result.affected) await explainUnappliedUpdate(this.brands, id, NOT_FOUND, 'cette marque');
    }).catch(withCurrentRecord(() => this.get(id)));
    if (images.length) await discardImage(this.storage, existing.image);
    await this.publishing.notifyChange('brand.updated', `Marque « ${form.name} » mise à jour`);
    return this.get(id);
  }

  async delete(id: number): Promise<void> {
    const brand = await runTransaction(this.dataSource, async (manager) => {
      const found = await manager.getRepository(Brand).findOneBy({ id });
      if (!found) throw notFound(NOT_FOUND);
      const used = await manager.getRepository(Product).countBy({ brand_id: id });
      if (used > 0) throw inUse(used);
      await removeAudited(manager.getRepository(Brand), id);
      return found;
    }).catch((error: unknown) => {
      // A product saved with this brand between the check and the delete: the foreign key refuses.
      if (isForeignKeyViolation(error)) throw inUse();
      throw error;
    });
    await discardImage(this.storage, brand.image);
    await this.publishing.notifyChange('brand.deleted', `Marque « ${brand.name} » supprimée`);
  }
}

function inUse(count?: number) {
  return conflict(
    count
      ? `Impossible de supprimer cette marque : ${count} produit${count > 1 ? 's l’utilisent' : ' l’utilise'} encore.`
      : 'Impossible de supprimer cette marque : des produits l’utilisent encore.',
  );
}
