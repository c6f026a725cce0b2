import type { MigrationInterface } from 'typeorm';

export const MYSQL_MIGRATIONS: (new () => MigrationInterface)[] = [];
