import type { Sliced } from './in-slices.js';

/**
 * One text per product held as UTF-8 bytes in a single buffer with their offsets, instead of one string
 * each: 200,000 long-lived strings in the old generation made every mark-compact pause of the API
 * longer (each is an object to mark and move), while two buffers are two objects whose bytes the
 * collector never reads.
 *
 * The substring test on the bytes is the string's: for well-formed texts, UTF-8 is self-synchronising,
 * so a term's bytes occur in a text's bytes exactly where the term occurs in the text (SQL's search
 * compares these bytes too: `instr()` and `LOCATE()` on BINARY). A text or a term with a lone surrogate
 * (which UTF-8 cannot hold) is tested as a string: such texts are kept aside as strings (none is
 * expected: the database gives well-formed text back), and so is a text replaced since the texts were
 * packed (a product edited: the catalogue index's patch), a few at most until the next build.
 */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export class PackedTexts {
  private readonly bytes: Buffer;
  /** Text i is bytes[starts[i], starts[i + 1]). */
  private readonly starts: Uint32Array;
  /** The texts with a lone surrogate and the texts replaced, by position, tested as strings. */
  private readonly aside: Map<number, string>;

  private constructor(bytes: Buffer, starts: Uint32Array, aside: Map<number, string>) {
    this.bytes = bytes;
    this.starts = starts;
    this.aside = aside;
  }

  /** The texts packed, yielding every `step` texts (in-slices.ts: the catalogue index's build). */
  static *of(texts: readonly string[], step = 1000): Sliced<PackedTexts> {
    const starts = new Uint32Array(texts.length + 1);
    let length = 0;
    for (const text of texts) length += Buffer.byteLength(text, 'utf8');
    yield;
    const bytes = Buffer.allocUnsafeSlow(length);
    const aside = new Map<number, string>();
    let at = 0;
    for (let i = 0; i < texts.length; i++) {
      const text = texts[i]!;
      starts[i] = at;
      at += bytes.write(text, at, 'utf8');
      if (LONE_SURROGATE.test(text)) aside.set(i, text);
      if (i % step === step - 1) yield;
    }
    starts[texts.length] = at;
    return new PackedTexts(bytes, starts, aside);
  }

  /** Text i as a string (a new string: for rare uses, not per request). */
  at(i: number): string {
    return this.aside.get(i) ?? this.bytes.toString('utf8', this.starts[i]!, this.starts[i + 1]!);
  }

  /** Text i is now `text` (kept aside: the packed bytes are left as they are). */
  replace(i: number, text: string): void {
    this.aside.set(i, text);
  }

  /** Whether text i contains `term` (see ByteTerm), as `String.prototype.includes` answers. */
  includes(i: number, term: ByteTerm): boolean {
    // A term with a lone surrogate may still end with half of a text's pair: tested as strings (no
    // HTTP query gives one: its decoding replaces them).
    if (term.irregular || (this.aside.size && this.aside.has(i))) return this.at(i).includes(term.text);
    return term.within(this.bytes, this.starts[i]!, this.starts[i + 1]!);
  }
}

/**
 * A search term's UTF-8 bytes and its Horspool shift table, made once per query: each test then looks
 * at the text's bytes aligned with the term's last byte and shifts by up to the term's length (the
 * texts are about 30 bytes, the terms 5-15), as fast as `includes` on a string, without the string.
 */
export class ByteTerm {
  readonly bytes: Buffer;
  /** Holds a lone surrogate, which its UTF-8 bytes cannot say (see PackedTexts). */
  readonly irregular: boolean;
  /** How far the term may shift when the text's byte under its last byte is b (at most 255: a smaller shift is still exact). */
  private readonly shift = new Uint8Array(256);

  constructor(readonly text: string) {
    this.irregular = LONE_SURROGATE.test(text);
    this.bytes = Buffer.from(text, 'utf8');
    const last = this.bytes.length - 1;
    this.shift.fill(Math.min(255, Math.max(1, this.bytes.length)));
    for (let k = 0; k < last; k++) this.shift[this.bytes[k]!] = Math.min(255, last - k);
  }

  /** Whether the term's bytes occur within bytes[start, end). */
  within(bytes: Uint8Array, start: number, end: number): boolean {
    const term = this.bytes;
    const last = term.length - 1;
    if (last < 0) return true;
    const lastByte = term[last]!;
    for (let k = start + last; k < end;) {
      const byte = bytes[k]!;
      if (byte === lastByte) {
        let m = 1;
        while (m <= last && bytes[k - m] === term[last - m]) m++;
        if (m > last) return true;
      }
      k += this.shift[byte]!;
    }
    return false;
  }
}
