import { Injectable, type OnModuleInit } from '@nestjs/common';
import { MediaUsage } from '../media/media-usage.js';
import { Article } from './entities/article.entity.js';

/** Tells the media library that an article shows a picture, as its cover or in its text. */
@Injectable()
export class ArticleMediaUsage implements OnModuleInit {
  constructor(private readonly usage: MediaUsage) {}

  onModuleInit(): void {
    this.usage.register(async (manager, path) => {
      const article = await manager
        .getRepository(Article)
        .createQueryBuilder('article')
        .select(['article.id', 'article.title'])
        .where('article.image = :path OR article.content LIKE :inText', { path, inText: `%${path}%` })
        .getOne();
      return article
        ? `Cette image est utilisée par l’article « ${article.title} » : retirez-la de l’article avant de la supprimer.`
        : null;
    });
  }
}
