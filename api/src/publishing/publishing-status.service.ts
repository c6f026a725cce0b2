import { Injectable } from '@nestjs/common';
import { DataSource, MoreThan } from 'typeorm';
import { PublishChange } from './entities/publish-change.entity.js';
import { SiteBuildState } from './entities/site-build-state.entity.js';

export type PublishingState = 'idle' | 'queued' | 'building' | 'failed';

export interface PublishingStatus {
  state: PublishingState;
  live_release: string | null;
  live_since: string | null;
  building_since: string | null;
  last_duration_ms: number | null;
  last_error: string | null;
  pending_count: number;
  pending: { kind: string; label: string; created_at: string }[];
}

/** What editors see of publishing: queued, building, live since, or the failure with its error. */
@Injectable()
export class PublishingStatusService {
  constructor(private readonly dataSource: DataSource) {}

  async status(): Promise<PublishingStatus> {
    const state = await this.dataSource.getRepository(SiteBuildState).findOneBy({ id: 1 });
    const builtSeq = state?.built_seq ?? 0;
    const [pending, pendingCount] = await this.dataSource.getRepository(PublishChange).findAndCount({
      where: { seq: MoreThan(builtSeq) },
      order: { id: 'DESC' },
      take: 20,
    });
    const lockAlive = Boolean(state?.lock_owner && state.lock_expires_at && state.lock_expires_at.getTime() > Date.now());
    let current: PublishingState = 'idle';
    if (state && lockAlive && state.state === 'building') current = 'building';
    else if (state && state.requested_seq > state.built_seq && state.requested_seq <= state.failed_seq) current = 'failed';
    else if (state && state.requested_seq > state.built_seq) current = 'queued';
    return {
      state: current,
      live_release: state?.live_release ?? null,
      live_since: state?.live_since?.toISOString() ?? null,
      building_since: current === 'building' ? (state?.building_since?.toISOString() ?? null) : null,
      last_duration_ms: state?.last_duration_ms ?? null,
      last_error: current === 'failed' ? (state?.last_error ?? null) : null,
      pending_count: pendingCount,
      pending: pending.map((c) => ({ kind: c.kind, label: c.label, created_at: c.created_at.toISOString() })),
    };
  }
}
