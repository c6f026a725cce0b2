import { Module } from '@nestjs/common';
import { RuntimeConfigController } from './runtime-config.controller.js';

@Module({ controllers: [RuntimeConfigController] })
export class RuntimeConfigModule {}
