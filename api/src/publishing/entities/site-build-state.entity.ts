import { Column, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';

/**
 * The single row (id = 1) that coordinates public-site rebuilds between API replicas: changes bump
 * requested_seq, a build that finishes sets built_seq to the sequence it started from, and the lock
 * makes sure only one replica builds at a time.
 */
@Entity('site_build_state')
export class SiteBuildState {
  @PrimaryColumn({ type: 'int' })
  id: number;

  @Column({ type: 'int', default: 0 })
  requested_seq: number;

  @Column({ type: 'int', default: 0 })
  built_seq: number;

  /** The requested_seq of the last failed build: no retry until a newer change or a manual rebuild. */
  @Column({ type: 'int', default: 0 })
  failed_seq: number;

  @Column({ type: 'datetime', nullable: true })
  building_since: Date | null;

  @Column({ type: 'varchar', length: 100, nullable: true })
  lock_owner: string | null;

  @Column({ type: 'datetime', nullable: true })
  lock_expires_at: Date | null;

  /** What the builder is doing, e.g. "idle", "building", "failed". */
  @Column({ type: 'varchar', length: 20, default: 'idle' })
  state: string;

  @Column({ type: 'text', nullable: true })
  last_error: string | null;

  @Column({ type: 'int', nullable: true })
  last_duration_ms: number | null;

  @Column({ type: 'varchar', length: 100, nullable: true })
  live_release: string | null;

  @Column({ type: 'datetime', nullable: true })
  live_since: Date | null;

  @UpdateDateColumn({ type: 'datetime' })
  updated_at: Date;
}
