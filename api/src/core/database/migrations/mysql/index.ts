// Maintained by `npm run db:migration:generate -w api -- <Name>`: every migration of this folder, oldest first.
import type { MigrationInterface } from 'typeorm';
import { Initial1795261422359 } from './1795261422359-Initial.js';
import { QuotesInAnyCurrency1795443334057 } from './1795443334057-QuotesInAnyCurrency.js';
import { JobLeases1795444149029 } from './1795444149029-JobLeases.js';

export const MYSQL_MIGRATIONS: (new () => MigrationInterface)[] = [
  Initial1795261422359,
  QuotesInAnyCurrency1795443334057,
  JobLeases1795444149029,
];
