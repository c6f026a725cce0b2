import type { MigrationInterface } from 'typeorm';

export const SQLITE_MIGRATIONS: (new () => MigrationInterface)[] = [];
