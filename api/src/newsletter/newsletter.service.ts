import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { isUniqueViolation } from '../auth/unique-violation.js';
import { NewsletterSubscriber } from './entities/newsletter-subscriber.entity.js';

/** The same answer for a new and a known address: the form never tells who is subscribed. */
export const NEWSLETTER_SUBSCRIBED = 'Merci ! Votre inscription à la newsletter est bien enregistrée.';

@Injectable()
export class NewsletterService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Adds the address once (stored lowercase, unique); a second sign-up changes nothing. */
  async subscribe(email: string): Promise<void> {
    const repo = this.dataSource.getRepository(NewsletterSubscriber);
    if (await repo.existsBy({ email })) return;
    try {
      await repo.insert({ email });
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
    }
  }
}
