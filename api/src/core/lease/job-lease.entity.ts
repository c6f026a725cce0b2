import { Column, Entity, PrimaryColumn } from 'typeorm';

/** One row per named job ("housekeeping", ...): who runs it now, and until when the claim holds. */
@Entity('job_leases')
export class JobLease {
  @PrimaryColumn({ type: 'varchar', length: 100 })
  name: string;

  @Column({ type: 'varchar', length: 120, nullable: true })
  owner: string | null;

  @Column({ type: 'datetime', nullable: true })
  expires_at: Date | null;
}
