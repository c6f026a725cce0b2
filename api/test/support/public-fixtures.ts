import type { DataSource } from 'typeorm';
import { Brand } from '../../src/catalogue/entities/brand.entity.js';
import { Category } from '../../src/catalogue/entities/category.entity.js';
import { Currency } from '../../src/exchange-rates/entities/currency.entity.js';
import { Product } from '../../src/catalogue/entities/product.entity.js';
import { ProductImage } from '../../src/catalogue/entities/product-image.entity.js';

/** Fixtures of the public-side tests: a category, a brand and products with known stock and prices. */
export async function ensureCurrency(ds: DataSource, name: 'Dollar' | 'Euro' | 'Fcfa'): Promise<Currency> {
  const repo = ds.getRepository(Currency);
  const symbols = { Dollar: ['$', 'USD'], Euro: ['€', 'EUR'], Fcfa: ['FCFA', 'XOF'] } as const;
  return (await repo.findOneBy({ name })) ?? repo.save({ name, symbol: symbols[name][0], code: symbols[name][1] });
}

export async function makeCategory(ds: DataSource, designation: string): Promise<Category> {
  return ds.getRepository(Category).save({ designation, description: `Catégorie ${designation}` });
}

export async function makeBrand(ds: DataSource, name = 'Marque de test'): Promise<Brand> {
  return ds.getRepository(Brand).save({ name, image: null, representative: 'Représentant', description: 'Une marque de test' });
}

export interface ProductSpec {
  name: string;
  price: string;
  stock: number;
  category: Category;
  brand: Brand;
  currency: Currency;
  spotlight?: boolean;
  images?: string[];
  createdAt?: Date;
}

export async function makeProduct(ds: DataSource, spec: ProductSpec): Promise<Product> {
  const saved = await ds.getRepository(Product).save({
    name: spec.name,
    reference: `REF-${spec.name.slice(0, 20)}`,
    price: spec.price,
    stock: spec.stock,
    description: `Description de ${spec.name}`,
    brand_id: spec.brand.id,
    category_id: spec.category.id,
    currency_id: spec.currency.id,
    in_spotlight: spec.spotlight ?? false,
    ...(spec.createdAt ? { created_at: spec.createdAt, updated_at: spec.createdAt } : {}),
  });
  for (const [position, image_path] of (spec.images ?? []).entries()) {
    await ds.getRepository(ProductImage).save({ product_id: saved.id, image_path, position });
  }
  return saved;
}
