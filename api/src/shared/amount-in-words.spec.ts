import { describe, expect, it } from '@jest/globals';
import { amountInWords, arretePhrase, numberInWords } from './amount-in-words.js';

// What a client reads under the totals of a quote or an invoice.
describe('amount in French words', () => {
  it('writes the numerals right at every boundary of French agreement', () => {
    expect(numberInWords(0)).toBe('zéro');
    expect(numberInWords(1)).toBe('un');
    expect(numberInWords(21)).toBe('vingt-et-un');
    expect(numberInWords(71)).toBe('soixante-et-onze');
    expect(numberInWords(80)).toBe('quatre-vingts');
    expect(numberInWords(81)).toBe('quatre-vingt-un');
    expect(numberInWords(91)).toBe('quatre-vingt-onze');
    expect(numberInWords(100)).toBe('cent');
    expect(numberInWords(200)).toBe('deux-cents');
    expect(numberInWords(201)).toBe('deux-cent-un');
    expect(numberInWords(1000)).toBe('mille');
    expect(numberInWords(2000)).toBe('deux-mille');
    expect(numberInWords(80_000)).toBe('quatre-vingt-mille');
    expect(numberInWords(200_000)).toBe('deux-cent-mille');
    expect(numberInWords(1_000_000)).toBe('un million');
    expect(numberInWords(1_000_001)).toBe('un million un');
    expect(numberInWords(80_000_000)).toBe('quatre-vingts millions');
    expect(numberInWords(2_000_000_000)).toBe('deux milliards');
    expect(numberInWords(2_300_000_000n)).toBe('deux milliards trois-cents millions');
    expect(numberInWords(12_345_678)).toBe('douze millions trois-cent-quarante-cinq-mille-six-cent-soixante-dix-huit');
  });

  it('writes CFA francs without decimals, singular up to one, "de" after million', () => {
    expect(amountInWords(0n, 'XOF')).toBe('zéro franc CFA');
    expect(amountInWords(1n, 'XOF')).toBe('un franc CFA');
    expect(amountInWords(71n, 'XOF')).toBe('soixante-et-onze francs CFA');
    expect(amountInWords(1_000_000n, 'XOF')).toBe('un million de francs CFA');
    expect(amountInWords(1_000_001n, 'XOF')).toBe('un million un francs CFA');
    expect(amountInWords(12_500_000n, 'XOF')).toBe('douze millions cinq-cent-mille francs CFA');
    expect(amountInWords(2_000_000_000n, 'XOF')).toBe('deux milliards de francs CFA');
  });

  it('writes euros and centimes, dollars and cents', () => {
    expect(amountInWords(123_456n, 'EUR')).toBe('mille-deux-cent-trente-quatre euros et cinquante-six centimes');
    expect(amountInWords(8000n, 'EUR')).toBe('quatre-vingts euros');
    expect(amountInWords(101n, 'EUR')).toBe('un euro et un centime');
    expect(amountInWords(99n, 'EUR')).toBe('quatre-vingt-dix-neuf centimes');
    expect(amountInWords(100_000_000n, 'EUR')).toBe('un million d’euros');
    expect(amountInWords(2_450_050n, 'USD')).toBe('vingt-quatre-mille-cinq-cents dollars et cinquante cents');
    expect(amountInWords(100n, 'usd')).toBe('un dollar');
  });

  it('closes a document with every currency it totals', () => {
    expect(arretePhrase('devis', [{ minor: 1_180_000n, currency: 'XOF' }])).toBe(
      'Arrêté le présent devis à la somme de : un million cent-quatre-vingt-mille francs CFA.',
    );
    expect(
      arretePhrase('devis', [
        { minor: 200n, currency: 'XOF' },
        { minor: 8100n, currency: 'EUR' },
      ]),
    ).toBe('Arrêté le présent devis à la somme de : deux-cents francs CFA et quatre-vingt-un euros.');
  });
});
