import { Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { APP_CONFIG, type AppConfig } from '../config/config.js';
import { buildDataSourceOptions } from './data-source-options.js';

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
    }),
  ],
})
export class DatabaseModule {}
