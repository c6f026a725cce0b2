// Maintained by `npm run db:migration:generate -w api -- <Name>`: every migration of this folder, oldest first.
import type { MigrationInterface } from 'typeorm';
import { Initial1795261422359 } from './1795261422359-Initial.js';
import { RecordVersions1795443076430 } from './1795443076430-RecordVersions.js';
import { MailReplyTo1795444176500 } from './1795444176500-MailReplyTo.js';

export const SQLITE_MIGRATIONS: (new () => MigrationInterface)[] = [
  Initial1795261422359,
  RecordVersions1795443076430,
  MailReplyTo1795444176500,
];
