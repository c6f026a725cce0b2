// Maintained by `npm run db:migration:generate -w api -- <Name>`: every migration of this folder, oldest first.
import type { MigrationInterface } from 'typeorm';
import { Initial1795261422359 } from './1795261422359-Initial.js';
import { AuditHistory1795443146724 } from './1795443146724-AuditHistory.js';
import { DashboardChartIndexes1795443735356 } from './1795443735356-DashboardChartIndexes.js';

export const SQLITE_MIGRATIONS: (new () => MigrationInterface)[] = [
  Initial1795261422359,
  AuditHistory1795443146724,
  DashboardChartIndexes1795443735356,
];
