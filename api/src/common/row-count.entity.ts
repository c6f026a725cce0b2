import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * The number of rows of each large table a staff list pages through unfiltered (common/row-counts.ts),
 * kept by database triggers on every insert and delete, whoever writes: the list's total then sums a
 * table's few shards instead of a `COUNT(*)` walking an index of 100,000 entries. Never written by the
 * application but to recount it when its triggers are (re)created.
 */
@Entity('row_counts')
export class RowCount {
  @PrimaryColumn({ type: 'varchar', length: 64 })
  table_name: string;

  /** One of the ROW_COUNT_SHARDS parts of the table's count (row-counts.ts says why): the count is their sum. */
  @PrimaryColumn({ type: 'int' })
  shard: number;

  @Column({ type: 'int', default: 0 })
  row_count: number;
}
