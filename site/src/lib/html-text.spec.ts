import { describe, expect, it } from '@jest/globals';
import { decodeEntities, excerpt, htmlToText } from './html-text';

describe('the plain text of article HTML', () => {
  it('reads every HTML5 reference as a browser does, capitals and ligatures included', () => {
    expect(decodeEntities('&Eacute;t&eacute; &copy; C&oelig;ur &amp; &#8217;&#x2019; &nbsp;')).toBe('Été © Cœur & ’’ \u00a0');
  });

  it('leaves text that only looks like a reference', () => {
    expect(decodeEntities('R&D, 5 &lt 6, &inconnu;')).toBe('R&D, 5 < 6, &inconnu;');
  });

  it('drops tags, images and scripts, and decodes after removing tags (an escaped tag stays text)', () => {
    expect(htmlToText('<p>Groupe <b>électrogène</b><img src="x.png"><script>alert(1)</script> &lt;b&gt;</p>')).toBe(
      'Groupe électrogène <b>',
    );
  });

  it('makes the excerpt from the paragraphs, cut on a word', () => {
    const html =
      '<h2>Titre</h2><p>Une pompe &Agrave; eau</p><figure><img src="a.jpg"></figure><p>de forage solaire installée</p>';
    expect(excerpt(html, 200)).toBe('Une pompe À eau de forage solaire installée');
    expect(excerpt(html, 20)).toBe('Une pompe À eau de...');
  });
});
