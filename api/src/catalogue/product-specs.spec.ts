import { describe, expect, it } from '@jest/globals';
import { parseSpecs, SPEC_MAX_ROWS } from './product-specs.js';

describe('parseSpecs (the product form’s specification table)', () => {
  it('keeps the rows in order, trimmed, and drops blank ones', () => {
    expect(
      parseSpecs('[{"name":"  Puissance ","value":"20  kVA"},{"name":"","value":""},{"name":"Poids","value":"720 kg"}]'),
    ).toEqual({
      specs: [
        { name: 'Puissance', value: '20 kVA' },
        { name: 'Poids', value: '720 kg' },
      ],
    });
    expect(parseSpecs('')).toEqual({ specs: [] });
  });

  it('refuses, in French, a row half filled, a name used twice (accents and case aside), too many rows or bad JSON', () => {
    expect(parseSpecs([{ name: 'Poids', value: '' }])).toEqual({ error: 'Ligne 1 : indiquez la valeur.' });
    expect(parseSpecs([{ name: '', value: '3 kg' }])).toEqual({ error: 'Ligne 1 : indiquez la caractéristique.' });
    expect(
      parseSpecs([
        { name: 'Énergie', value: 'a' },
        { name: 'energie', value: 'b' },
      ]),
    ).toEqual({
      error: 'Ligne 2 : « energie » figure déjà plus haut.',
    });
    const many = Array.from({ length: SPEC_MAX_ROWS + 1 }, (_, i) => ({ name: `N${i}`, value: 'v' }));
    expect(parseSpecs(many)).toEqual({ error: `Un produit a au plus ${SPEC_MAX_ROWS} caractéristiques.` });
    expect(parseSpecs('{')).toEqual({ error: 'Les caractéristiques envoyées sont invalides.' });
    expect(parseSpecs([{ name: 3, value: 'x' }])).toEqual({ error: 'Les caractéristiques envoyées sont invalides.' });
  });
});
