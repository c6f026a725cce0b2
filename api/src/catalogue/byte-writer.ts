/**
 * A growing byte buffer written from the start again for each answer: the shop's filter copies its
 * kept cards' bytes into it and compresses the result, so a request allocates neither the answer's
 * text nor its UTF-8 copy. Its content is valid until the next `reset()`: read it in the same
 * synchronous run.
 */
export class ByteWriter {
  private buffer: Buffer;
  length = 0;

  constructor(initialBytes = 64 * 1024) {
    this.buffer = Buffer.allocUnsafeSlow(initialBytes);
  }

  reset(): void {
    this.length = 0;
  }

  private room(more: number): void {
    if (this.length + more <= this.buffer.length) return;
    const bigger = Buffer.allocUnsafeSlow(Math.max(2 * this.buffer.length, this.length + more));
    this.buffer.copy(bigger, 0, 0, this.length);
    this.buffer = bigger;
  }

  string(text: string): void {
    this.room(Buffer.byteLength(text, 'utf8'));
    this.length += this.buffer.write(text, this.length, 'utf8');
  }

  bytes(from: Buffer, start = 0, end = from.length): void {
    this.room(end - start);
    // Buffer.copy: no view object made per piece.
    this.length += from.copy(this.buffer, this.length, start, end);
  }

  /** What was written since `start`, copied into another writer. */
  copyTo(other: ByteWriter, start: number): void {
    other.bytes(this.buffer, start, this.length);
  }

  /** The bytes written (a view: valid until the next write). */
  view(): Buffer {
    return this.buffer.subarray(0, this.length);
  }
}
