import { describe, expect, it } from '@jest/globals';
import {
  PASSWORD_COMPANY,
  PASSWORD_PERSONAL,
  PASSWORD_TOO_COMMON,
  commonPasswordProblem,
  personalPasswordProblem,
  useCompanyWords,
} from './password-rules.js';

describe('password rules (ASVS 5: length, common and personal passwords, no composition rules)', () => {
  it('refuses the most common passwords, whatever their case, and trivial ones', () => {
    for (const password of [
      '12345678',
      'password',
      'azertyuiop',
      'aaaaaaaa',
      'PASSWORD',
      'motdepasse',
      'abcabcabc',
      'qwertyui',
      '87654321',
      'Soleil',
    ])
      expect({ password, problem: commonPasswordProblem(password) }).toEqual({ password, problem: PASSWORD_TOO_COMMON });
  });

  it('refuses French words and names dressed up with digits or symbols, and short strings of common French words', () => {
    for (const password of [
      'Motdepasse1',
      'soleil123',
      'Marseille2024!',
      'bonjour2025',
      'Jetaime01',
      'chocolat!!',
      'Princesse07',
      '2024Amour',
    ])
      expect({ password, problem: commonPasswordProblem(password) }).toEqual({ password, problem: PASSWORD_TOO_COMMON });
  });

  it("refuses the company's name and its web domain's words", () => {
    useCompanyWords({ name: 'Comptoir Industriel du Togo', domain: 'comptoir-togo.tg' });
    try {
      for (const password of ['Comptoir2024!', 'comptoirtogo1', 'Industriel123', 'TogoComptoir'])
        expect({ password, problem: commonPasswordProblem(password) }).toEqual({ password, problem: PASSWORD_COMPANY });
      expect(commonPasswordProblem('le comptoir de ma grand-mère est vert')).toBeNull();
    } finally {
      useCompanyWords({ name: '', domain: 'x.example' });
    }
  });

  it('accepts passphrases and uncommon passwords with no composition rule', () => {
    for (const password of [
      'cheval agrafe batterie correcte',
      'tilapia du lac togo',
      'x'.repeat(7) + 'y',
      'Motdepasse-Admin-2024',
      'soleil-rouge-sur-kara',
      'sol3il-Kpalime',
      'Tchamba2031',
    ])
      expect(commonPasswordProblem(password)).toBeNull();
  });

  it("refuses the owner's name, first name and e-mail in the password", () => {
    const owner = { email: 'afi.mensah@comptoir.example', firstname: 'Afi', name: 'Mensah' };
    for (const password of ['mensah2024!', 'Afi.Mensah', 'MENSAH-togo-1', 'afimensah@x', 'ménsah-lomé'])
      expect({ password, problem: personalPasswordProblem(password, owner) }).toEqual({ password, problem: PASSWORD_PERSONAL });
    expect(personalPasswordProblem('cheval agrafe batterie', owner)).toBeNull();
  });
});
