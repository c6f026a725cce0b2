import { hash } from 'node:crypto';
import type { ByteWriter } from './byte-writer.js';

/** A shop card as read from the database: its JSON text without the closing brace, and what its display price is computed from. */
export interface CardText {
  text: string;
  price: string;
  currencyCode: string;
}

/** Cards kept (about 1 KB each): the pages visitors ask, not the whole catalogue. */
export const KEPT_CARDS_MAX = 20000;
/** The bytes of the kept cards at most: 20,000 cards of 1.2 KB on average. */
const KEPT_BYTES_MAX = 24 * 1024 * 1024;
const FIRST_BYTES = 256 * 1024;
const DIGEST = 20;
/** Room for a card's `display_price` member (about 90 bytes); a longer one is computed each time. */
const SHOWN_MAX = 160;

/**
 * The shop's cards kept as bytes, so that a filter's answer is copied from them instead of being read
 * from the database: every card's JSON text, SHA-1, price and currency code in one ring of bytes, with
 * their places in typed arrays. Kept as strings and objects (five strings and two objects a card), the
 * 20,000 cards were 140,000 long-lived objects that every mark-compact pause marked and moved.
 *
 * Slots are taken in turn, the oldest card dropped first (at most KEPT_CARDS_MAX); the bytes are
 * written one card after the other and, once the ring is full (KEPT_BYTES_MAX, grown from
 * FIRST_BYTES as needed), from its start again, dropping the oldest cards they overwrite.
 */
export class KeptCards {
  private bytes = Buffer.allocUnsafeSlow(FIRST_BYTES);
  /** Where the next card's bytes go. */
  private end = 0;
  private readonly slotOf = new Map<number, number>();
  /** Each slot's product id (-1: free or forgotten), its bytes' start and the lengths of its text, price and currency code. */
  private readonly ids = new Int32Array(KEPT_CARDS_MAX).fill(-1);
  private readonly starts = new Uint32Array(KEPT_CARDS_MAX);
  private readonly textLengths = new Uint32Array(KEPT_CARDS_MAX);
  private readonly priceLengths = new Uint8Array(KEPT_CARDS_MAX);
  private readonly codeLengths = new Uint8Array(KEPT_CARDS_MAX);
  private readonly digests = Buffer.alloc(KEPT_CARDS_MAX * DIGEST);
  /** The display price member last computed per slot, and for which display (see shownKey; 0: none). */
  private readonly shownKeys = new Int32Array(KEPT_CARDS_MAX);
  private readonly shownLengths = new Uint8Array(KEPT_CARDS_MAX);
  private shown?: Buffer;
  /** Slots in use: oldest to newest, `used` of them from `oldest`. */
  private oldest = 0;
  private used = 0;

  get size(): number {
    return this.slotOf.size;
  }

  /** The card's slot, -1 when not kept. */
  slot(id: number): number {
    return this.slotOf.get(id) ?? -1;
  }

  keep(id: number, card: CardText): void {
    const textLength = Buffer.byteLength(card.text, 'utf8');
    const priceLength = Buffer.byteLength(card.price, 'utf8');
    const codeLength = Buffer.byteLength(card.currencyCode, 'utf8');
    const length = textLength + priceLength + codeLength;
    if (priceLength > 255 || codeLength > 255 || length > KEPT_BYTES_MAX / 4) return;
    this.forget(id);
    const start = this.place(length);
    if (this.used === KEPT_CARDS_MAX) this.dropOldest();
    const slot = (this.oldest + this.used++) % KEPT_CARDS_MAX;
    this.ids[slot] = id;
    this.starts[slot] = start;
    this.textLengths[slot] = textLength;
    this.priceLengths[slot] = priceLength;
    this.codeLengths[slot] = codeLength;
    this.shownKeys[slot] = 0;
    let at = start + this.bytes.write(card.text, start, 'utf8');
    at += this.bytes.write(card.price, at, 'utf8');
    this.bytes.write(card.currencyCode, at, 'utf8');
    this.end = start + length;
    hash('sha1', card.text, 'buffer').copy(this.digests, slot * DIGEST);
    this.slotOf.set(id, slot);
  }

  forget(id: number): void {
    const slot = this.slotOf.get(id);
    if (slot === undefined) return;
    this.slotOf.delete(id);
    this.ids[slot] = -1;
  }

  /** Where `length` bytes go: after the newest card, grown or from the start again, the cards in the way dropped. */
  private place(length: number): number {
    let start = this.end;
    if (start + length > this.bytes.length) {
      if (this.bytes.length < KEPT_BYTES_MAX) {
        // Not wrapped yet (the ring grows before it wraps): every card is in [0, end).
        const bigger = Buffer.allocUnsafeSlow(Math.min(KEPT_BYTES_MAX, Math.max(2 * this.bytes.length, start + length)));
        this.bytes.copy(bigger, 0, 0, this.end);
        this.bytes = bigger;
      }
      if (start + length > this.bytes.length) {
        // From the start again: the previous round's cards left after the newest (the oldest) go
        // first, so that the oldest card is the first one at the start.
        while (this.used && this.starts[this.oldest]! >= this.end) this.dropOldest();
        start = 0;
      }
    }
    // The oldest cards start at or after the newest's end (or at 0 after a wrap): those in the way go.
    while (this.used && this.starts[this.oldest]! >= start && this.starts[this.oldest]! < start + length) this.dropOldest();
    return start;
  }

  private dropOldest(): void {
    const id = this.ids[this.oldest]!;
    if (id >= 0 && this.slotOf.get(id) === this.oldest) this.slotOf.delete(id);
    this.ids[this.oldest] = -1;
    this.oldest = (this.oldest + 1) % KEPT_CARDS_MAX;
    this.used--;
  }

  /** The slot's card text (JSON without its closing brace) appended to `out`. */
  writeText(slot: number, out: ByteWriter): void {
    const start = this.starts[slot]!;
    out.bytes(this.bytes, start, start + this.textLengths[slot]!);
  }

  /** The SHA-1 of the slot's card text appended to `out` (20 bytes). */
  writeDigest(slot: number, out: ByteWriter): void {
    out.bytes(this.digests, slot * DIGEST, (slot + 1) * DIGEST);
  }

  /**
   * The slot's `display_price` member for the display `key` appended to `out`: kept from the last
   * request for that display, else `compute`d from its price and currency code (and kept).
   */
  writeShown(slot: number, key: number, out: ByteWriter, compute: (price: string, currencyCode: string) => string): void {
    const shown = (this.shown ??= Buffer.allocUnsafeSlow(KEPT_CARDS_MAX * SHOWN_MAX));
    if (this.shownKeys[slot] === key) {
      out.bytes(shown, slot * SHOWN_MAX, slot * SHOWN_MAX + this.shownLengths[slot]!);
      return;
    }
    const priceAt = this.starts[slot]! + this.textLengths[slot]!;
    const codeAt = priceAt + this.priceLengths[slot]!;
    const member = compute(
      this.bytes.toString('utf8', priceAt, codeAt),
      this.bytes.toString('utf8', codeAt, codeAt + this.codeLengths[slot]!),
    );
    out.string(member);
    const length = Buffer.byteLength(member, 'utf8');
    if (length > SHOWN_MAX) return;
    shown.write(member, slot * SHOWN_MAX, 'utf8');
    this.shownKeys[slot] = key;
    this.shownLengths[slot] = length;
  }

  /** A number for a display (currency, symbol, rates), the same for the same text: what writeShown keeps a member for. */
  shownKey(display: string): number {
    let key = this.displays.get(display);
    if (key === undefined) {
      // Numbers are never reused: a member kept for a forgotten display is not taken for a new one.
      if (this.displays.size >= 64) this.displays.clear();
      key = ++this.lastDisplay;
      this.displays.set(display, key);
    }
    return key;
  }
  private readonly displays = new Map<string, number>();
  private lastDisplay = 0;
}
