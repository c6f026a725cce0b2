import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';

/** Whether a domain shows a picture of the library: the French refusal to delete it, or null. */
export type MediaUser = (manager: EntityManager, path: string) => Promise<string | null>;

/**
 * The domains above `media` that show pictures of the library (the blog) register here who shows one,
 * so that the library refuses to delete a picture in use without importing them.
 */
@Injectable()
export class MediaUsage {
  private readonly users: MediaUser[] = [];

  register(user: MediaUser): void {
    this.users.push(user);
  }

  /** The refusal of the first domain that shows the picture at `path`, or null when none does. */
  async refusal(manager: EntityManager, path: string): Promise<string | null> {
    for (const user of this.users) {
      const refusal = await user(manager, path);
      if (refusal) return refusal;
    }
    return null;
  }
}
