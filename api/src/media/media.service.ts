import { applyListQuery } from '../common/list-order.js';
import { MEDIA_LIST, type MediaListQueryDto } from './media-list.js';
import { Inject, Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { pageRequest, paginate, whereSearch } from '../common/listing.js';
import type { MediaItem, MediaUploadAnswer } from '../contract/backoffice.js';
import type { Paginated } from '../contract/staff.js';
import { conflict, notFound } from '../core/errors/api-error.js';
import { Media } from './entities/media.entity.js';
import { MediaUsage } from './media-usage.js';
import { discardImage, imageVariants, saveWithImages } from './image-variants.js';
import { STORAGE, storageUrl, type Storage } from './storage/storage.js';
import type { CheckedImage } from './upload-policy.js';

export const MEDIA_PAGE_SIZE = 24;

export function toMediaItem(media: Media): MediaItem {
  return {
    id: media.id,
    path: media.path,
    url: storageUrl(media.path)!,
    original_name: media.original_name,
    mime: media.mime,
    size: media.size,
    width: media.width,
    height: media.height,
    image_variants: imageVariants(media.path),
    created_at: media.created_at.toISOString(),
  };
}

/** Images uploaded from the article editor (media picker and Editor.js image tool). */
@Injectable()
export class MediaService {
  constructor(
    @InjectRepository(Media) private readonly media: Repository<Media>,
    @Inject(STORAGE) private readonly storage: Storage,
    private readonly usage: MediaUsage,
  ) {}

  /** An image the route has already checked (`requiredImage`): the service never sees the upload itself. */
  async upload(image: CheckedImage, userId: number): Promise<MediaUploadAnswer> {
    const saved = await saveWithImages(this.storage, 'media', [image], ([path]) =>
      this.media.save(
        this.media.create({
          path: path!,
          original_name: (image.originalName || 'image').slice(0, 255),
          mime: image.mime,
          size: image.size,
          width: image.width,
          height: image.height,
          user_id: userId,
        }),
      ),
    );
    const item = toMediaItem(saved);
    // The answer lists resized copies only when they were written (a variant that sharp could not make
    // is logged and skipped by saveWithImages): the editor and the site must not point at missing files.
    if (item.image_variants) {
      const present = await Promise.all(Object.values(item.image_variants).map((path) => this.storage.exists(path)));
      if (!present.every(Boolean)) item.image_variants = null;
    }
    return { success: 1, message: 'Image envoyée avec succès.', location: item.url, file: { url: item.url }, media: item };
  }

  /**
   * Removes an image from the library, its files with it. Refused (409) while an article shows it, as
   * its cover or in its text: the public page would lose the image. The entity subscriber records the
   * deletion in the journal under the file's original name.
   */
  async remove(id: number): Promise<void> {
    const media = await this.media.findOne({ where: { id } });
    if (!media) throw notFound('Image introuvable.');
    const refusal = await this.usage.refusal(this.media.manager, media.path);
    if (refusal) throw conflict(refusal);
    await this.media.remove(media);
    await discardImage(this.storage, media.path);
  }

  async list(query: MediaListQueryDto): Promise<Paginated<MediaItem>> {
    const request = pageRequest(query, MEDIA_PAGE_SIZE);
    const qb = applyListQuery(this.media.createQueryBuilder('media'), query, MEDIA_LIST);
    whereSearch(qb, 'media', query.search);
    return paginate(qb, request, toMediaItem);
  }
}
