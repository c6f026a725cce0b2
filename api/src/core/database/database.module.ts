import { Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import type { DataSourceOptions } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { buildDataSourceOptions } from './data-source-options.js';
import { initializeDataSource } from './initialize-data-source.js';

@Global()
@Module({
  imports: [
    TypeOrmModule.forRootAsync({
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => ({
        ...buildDataSourceOptions(config),
        // Boot must fail fast with one clear line, not retry for minutes.
        retryAttempts: 0,
        manualInitialization: false,
      }),
      // MariaDB detection and per-driver column types (LONGTEXT on MySQL): see initializeDataSource.
      dataSourceFactory: (options?: DataSourceOptions) => initializeDataSource(options!),
    }),
  ],
})
export class DatabaseModule {}
