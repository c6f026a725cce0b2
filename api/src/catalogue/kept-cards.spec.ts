import { describe, expect, it } from '@jest/globals';
import { hash } from 'node:crypto';
import { ByteWriter } from './byte-writer.js';
import { KEPT_CARDS_MAX, KeptCards } from './kept-cards.js';

/** What a kept card gives back: its text, its SHA-1 and its display price member. */
function read(cards: KeptCards, slot: number, key: number): { text: string; digest: string; shown: string } {
  const text = new ByteWriter(4096);
  const digest = new ByteWriter(32);
  const shown = new ByteWriter(256);
  cards.writeText(slot, text);
  cards.writeDigest(slot, digest);
  cards.writeShown(slot, key, shown, (price, code) => `,"display_price":"${price} ${code}"`);
  return { text: text.view().toString(), digest: digest.view().toString('hex'), shown: shown.view().toString() };
}

describe('KeptCards', () => {
  it('gives back each kept card as it was kept, the newest kept while the ring goes round', () => {
    const cards = new KeptCards();
    const key = cards.shownKey('EUR € rates');
    const kept = new Map<number, string>();
    // Cards of 0.2 to 3 KB with multi-byte characters: about 65 MB in all: the ring (24 MiB) goes round twice.
    for (let n = 0; n < 40_000; n++) {
      const id = n % 23_000;
      const text = `{"id":${id},"name":"Groupe électrogène ${n} ≈ 😀","description":"${'x'.repeat(200 + ((n * 7919) % 2800))}"`;
      cards.keep(id, { text, price: `${n}.50`, currencyCode: 'XOF' });
      kept.set(id, text);
      if (n % 5 === 0) {
        cards.forget((n * 31) % 23_000);
        kept.delete((n * 31) % 23_000);
      }
    }
    let found = 0;
    for (const [id, text] of kept) {
      const slot = cards.slot(id);
      if (slot < 0) continue;
      found++;
      const card = read(cards, slot, key);
      expect(card.text).toBe(text);
      expect(card.digest).toBe(hash('sha1', text, 'hex'));
      expect(card.shown).toMatch(/^,"display_price":"\d+\.50 XOF"$/);
      // Kept for that display: the same bytes without computing again.
      expect(read(cards, slot, key).shown).toBe(card.shown);
    }
    expect(found).toBe(cards.size);
    expect(cards.size).toBeLessThanOrEqual(KEPT_CARDS_MAX);
    // The ring holds about 24 MB of 1.8 KB cards: the last ones are all there.
    expect(found).toBeGreaterThan(10_000);
    for (let n = 39_990; n < 40_000; n++) if (kept.has(n % 23_000)) expect(cards.slot(n % 23_000)).toBeGreaterThanOrEqual(0);
  });

  it('drops the previous round’s cards left at the end before it starts again from the beginning', () => {
    // 25 cards of 1 MB fill the 24 MiB ring to 25 MB; 20 cards of 1.2 MB then fill it to 24 MB, which
    // leaves the first round's card at 24 MB; the next card starts from the beginning again.
    const cards = new KeptCards();
    const text = (id: number, bytes: number) => `${id}:${'x'.repeat(bytes - String(id).length - 1)}`;
    const kept = new Map<number, string>();
    for (let id = 1; id <= 25; id++) kept.set(id, text(id, 1_000_000));
    for (let id = 101; id <= 122; id++) kept.set(id, text(id, 1_200_000));
    for (const [id, card] of kept) cards.keep(id, { text: card, price: '1.00', currencyCode: 'XOF' });
    const out = new ByteWriter(1_300_000);
    for (const [id, card] of kept) {
      const slot = cards.slot(id);
      if (slot < 0) continue;
      out.reset();
      cards.writeText(slot, out);
      expect(out.view().toString().slice(0, 8)).toBe(card.slice(0, 8));
    }
    expect(cards.slot(122)).toBeGreaterThanOrEqual(0);
    expect(cards.slot(25)).toBe(-1);
  });
});
