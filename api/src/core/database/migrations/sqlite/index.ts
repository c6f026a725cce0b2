// Maintained by `npm run db:migration:generate -w api -- <Name>`: every migration of this folder, oldest first.
import type { MigrationInterface } from 'typeorm';
import { Initial1795261422359 } from './1795261422359-Initial.js';
import { SearchTextAndListIndexes1795443416758 } from './1795443416758-SearchTextAndListIndexes.js';

export const SQLITE_MIGRATIONS: (new () => MigrationInterface)[] = [
  Initial1795261422359,
  SearchTextAndListIndexes1795443416758,
];
