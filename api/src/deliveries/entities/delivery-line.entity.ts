import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, type Relation } from 'typeorm';
import { OrderItem } from '../../orders/entities/order-item.entity.js';
import { Delivery } from './delivery.entity.js';

/**
 * A line of a delivery note: the order line it delivers and the quantity (negative on a return), with
 * its own copy of the product's name and reference so the note never changes with the catalogue.
 */
@Entity('delivery_lines')
@Index('IDX_delivery_lines_delivery', ['delivery_id', 'position'])
@Index('IDX_delivery_lines_item', ['order_item_id'])
export class DeliveryLine {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'int' })
  delivery_id: number;

  @ManyToOne(() => Delivery, (delivery) => delivery.lines, { onDelete: 'CASCADE', onUpdate: 'CASCADE' })
  @JoinColumn({ name: 'delivery_id' })
  delivery?: Relation<Delivery>;

  @Column({ type: 'int' })
  position: number;

  @Column({ type: 'int' })
  order_item_id: number;

  @ManyToOne(() => OrderItem, { onDelete: 'CASCADE', onUpdate: 'CASCADE' })
  @JoinColumn({ name: 'order_item_id' })
  order_item?: Relation<OrderItem>;

  /** The product moved (null once removed from the catalogue: the line keeps its snapshot). */
  @Column({ type: 'int', nullable: true })
  product_id: number | null;

  @Column({ type: 'varchar', length: 255 })
  product_name: string;

  @Column({ type: 'varchar', length: 100, nullable: true })
  product_reference: string | null;

  /** Units delivered; negative on a return. */
  @Column({ type: 'int' })
  quantity: number;
}
