import { Module } from '@nestjs/common';
import { HousekeepingService } from './housekeeping.service.js';

/** Scheduled purges of the tables that grow with use (ScheduleModule is registered once, in AppModule). */
@Module({ providers: [HousekeepingService], exports: [HousekeepingService] })
export class HousekeepingModule {}
