import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import type { SavedViewItem } from '../contract/saved-views.js';
import { invalidField, notFound } from '../core/errors/api-error.js';
import type { SavedViewDto, SavedViewList } from './saved-view.dto.js';
import { SavedView } from './saved-view.entity.js';

/** A person keeps at most this many views per list. */
export const SAVED_VIEWS_PER_LIST = 50;
const NOT_FOUND = 'Vue introuvable.';

function toItem(view: SavedView): SavedViewItem {
  return {
    id: view.id,
    list: view.list,
    name: view.name,
    query: JSON.parse(view.query) as Record<string, string | number>,
    updated_at: view.updated_at.toISOString(),
  };
}

/** Each person's own named views of the lists: nobody reads or removes another's. */
@Injectable()
export class SavedViewsService {
  constructor(@InjectRepository(SavedView) private readonly views: Repository<SavedView>) {}

  async list(userId: number, list: SavedViewList): Promise<SavedViewItem[]> {
    const rows = await this.views.find({ where: { user_id: userId, list }, order: { name: 'ASC', id: 'ASC' } });
    return rows.map(toItem);
  }

  /** Saves under its name; the same name on the same list replaces the earlier view. */
  async save(userId: number, dto: SavedViewDto): Promise<SavedViewItem> {
    const query = JSON.stringify(dto.query);
    const existing = await this.views.findOneBy({ user_id: userId, list: dto.list, name: dto.name });
    if (existing) {
      existing.query = query;
      return toItem(await this.views.save(existing));
    }
    const count = await this.views.countBy({ user_id: userId, list: dto.list });
    if (count >= SAVED_VIEWS_PER_LIST) {
      throw invalidField('name', `Vous avez déjà ${SAVED_VIEWS_PER_LIST} vues pour cette liste : supprimez-en une d’abord.`);
    }
    return toItem(await this.views.save(this.views.create({ user_id: userId, list: dto.list, name: dto.name, query })));
  }

  async remove(userId: number, id: number): Promise<void> {
    const result = await this.views.delete({ id, user_id: userId });
    if (!result.affected) throw notFound(NOT_FOUND);
  }
}
