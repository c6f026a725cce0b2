import { Injectable } from '@nestjs/common';

/** Demo data and the first administrator. */
@Injectable()
export class SeedService {
  async seedIfEmpty(): Promise<void> {}
  async reloadDemoData(): Promise<void> {}
  async ensureFirstAdministrator(): Promise<void> {}
}
