import { describe, expect, it } from '@jest/globals';
import type { Response } from 'express';
import { Writable } from 'node:stream';
import { sendListExport, type ExportColumn } from './list-export.js';

/** A response that keeps what is written, with the few members the export uses. */
class FakeResponse extends Writable {
  chunks: Buffer[] = [];
  headers = new Map<string, string>();
  statusCode = 0;
  headersSent = false;
  override _write(chunk: Buffer, _encoding: string, done: () => void) {
    this.headersSent = true;
    this.chunks.push(Buffer.from(chunk));
    done();
  }
  status(code: number) {
    this.statusCode = code;
    return this;
  }
  setHeader(name: string, value: string) {
    this.headers.set(name.toLowerCase(), value);
  }
  removeHeader(name: string) {
    this.headers.delete(name.toLowerCase());
  }
  json(body: unknown) {
    this.end(JSON.stringify(body));
    return this;
  }
  get text() {
    return Buffer.concat(this.chunks).toString('utf8');
  }
}

const columns: ExportColumn<{ n: number; price: string }>[] = [
  { header: 'Numéro', value: (r) => r.n, kind: 'number' },
  { header: 'Prix', value: (r) => r.price, kind: 'money' },
];

async function* rows(count: number, failAt?: number) {
  for (let n = 1; n <= count; n++) {
    if (n === failAt) throw new Error('connexion perdue');
    yield { n, price: `${n}.50` };
  }
}

describe('sendListExport', () => {
  it('writes a French CSV: BOM, « ; », decimal comma, a dated attachment', async () => {
    const res = new FakeResponse();
    await sendListExport(res as unknown as Response, { name: 'essai', format: 'csv', sheet: 'Essai', columns, rows: rows(3) });
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="essai-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(res.text).toBe('\uFEFFNuméro;Prix\n1;1,50\n2;2,50\n3;3,50\n');
    expect(res.writableEnded).toBe(true);
  });

  it('ends the response without throwing when the rows fail midway (the rows already sent stay)', async () => {
    const res = new FakeResponse();
    const destroyed = new Promise((resolve) => res.on('close', resolve));
    await expect(
      sendListExport(res as unknown as Response, {
        name: 'essai',
        format: 'csv',
        sheet: 'Essai',
        columns,
        rows: rows(20_000, 15_000),
      }),
    ).resolves.toBeUndefined();
    await destroyed;
    expect(res.destroyed).toBe(true);
    expect(res.text.startsWith('\uFEFFNuméro;Prix\n1;1,50\n')).toBe(true);
    expect(res.text).not.toContain('\n15000;');
    expect(res.statusCode).toBe(200);
  });

  it('lets a failure before the first row reach the caller (the list’s own 422)', async () => {
    const res = new FakeResponse();
    await expect(
      sendListExport(res as unknown as Response, { name: 'essai', format: 'csv', sheet: 'Essai', columns, rows: rows(5, 1) }),
    ).rejects.toThrow('connexion perdue');
    expect(res.headers.size).toBe(0);
  });
});
