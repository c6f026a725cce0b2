import { describe, expect, it } from '@jest/globals';
import fs from 'node:fs';
import { hostileSvg, LOGO_SVG_URL, SVG_XSS_PAYLOADS } from '../../test/support/svg-payloads.js';
import { sanitizeSvg } from './svg-sanitizer.js';

const svg = (body: string, attributes = '') =>
  Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"${attributes}>${body}</svg>`);
const verdict = (data: Buffer) => sanitizeSvg(data);

describe('sanitizeSvg', () => {
  it('keeps drawing elements, gradients, local references and embedded rasters', () => {
    const result = verdict(
      svg(
        '<defs><linearGradient id="g" gradientUnits="userSpaceOnUse"><stop offset="0" stop-color="#fff"/></linearGradient>' +
          '<clipPath id="c"><rect width="10" height="10"/></clipPath></defs>' +
          '<g clip-path="url(#c)"><path d="M0 0L10 10" stroke="#000" fill="url(#g)"/><use href="#c"/>' +
          '<image width="2" height="2" href="data:image/png;base64,iVBORw0KGgo="/><text x="1" y="5">Comptoir &amp; Cie</text></g>',
      ),
    );
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    for (const kept of [
      '<linearGradient',
      'gradientUnits="userSpaceOnUse"',
      'viewBox="0 0 10 10"',
      'fill="url(#g)"',
      'href="#c"',
      'data:image/png;base64',
      'Comptoir &amp; Cie',
    ]) {
      expect(result.svg).toContain(kept);
    }
    expect(result.svg.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<svg')).toBe(true);
  });

  it('drops editor metadata, comments and unknown elements silently', () => {
    const result = verdict(
      Buffer.from(
        '\uFEFF<?xml version="1.0"?>\n<!-- Generator: Illustrator -->\n<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd">\n' +
          '<svg xmlns="http://www.w3.org/2000/svg" xmlns:sodipodi="http://sodipodi" data-x="1"><metadata><rdf>x</rdf></metadata><sodipodi:namedview/><circle r="2"/></svg>',
      ),
    );
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.svg).not.toMatch(/metadata|sodipodi|data-x|<!--|DOCTYPE/);
    expect(result.svg).toContain('<circle r="2"');
  });

  it('keeps the spot-light, focal-radius, blending, switch and ARIA attributes DOMPurify does not list', () => {
    const result = verdict(
      svg(
        '<filter id="f"><feSpecularLighting><feSpotLight x="1" y="2" z="3" pointsAtX="4" pointsAtY="5" pointsAtZ="0" limitingConeAngle="30"/></feSpecularLighting></filter>' +
          '<radialGradient id="r" fr="0.1"/><switch><g requiredFeatures="" systemLanguage="fr" style="mix-blend-mode: multiply" isolation="isolate"/></switch>',
        ' role="img" focusable="false" baseProfile="tiny"',
      ),
    );
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    for (const kept of [
      'pointsAtX="4"',
      'limitingConeAngle="30"',
      'fr="0.1"',
      'requiredFeatures=""',
      'role="img"',
      'focusable="false"',
      'baseProfile="tiny"',
      'isolation="isolate"',
    ]) {
      expect(result.svg).toContain(kept);
    }
  });

  it('adds the SVG namespace when it is missing (browsers need it to show the file)', () => {
    const result = verdict(Buffer.from('<svg viewBox="0 0 1 1"><rect width="1" height="1"/></svg>'));
    expect(result.ok && result.svg).toContain('<svg xmlns="http://www.w3.org/2000/svg"');
  });

  it.each([
    ['a script element', svg('<script>alert(1)</script>')],
    ['a script in another case', svg('<SCRIPT>alert(1)</SCRIPT>')],
    ['a namespaced script', svg('<svg:script xmlns:svg="http://www.w3.org/2000/svg">alert(1)</svg:script>')],
    ['an event handler', svg('<rect width="1" height="1"/>', ' onload="alert(1)"')],
    ['an event handler in another case', svg('<rect width="1" height="1" OnClick="alert(1)"/>')],
    ['a foreignObject', svg('<foreignObject><iframe src="https://evil.example"></iframe></foreignObject>')],
    ['a javascript: link', svg('<a href="javascript:alert(1)"><rect width="1" height="1"/></a>')],
    ['an obfuscated javascript: link', svg('<a xlink:href="java&#x09;script:alert(1)"><rect width="1" height="1"/></a>')],
    ['an external image', svg('<image href="https://tracker.example/pixel.png"/>')],
    ['an external use', svg('<use href="https://evil.example/sprite.svg#x"/>')],
    ['an external url() in a presentation attribute', svg('<rect fill="url(https://evil.example/p.svg#g)"/>')],
    ['an external url() in a style attribute', svg('<rect style="fill: url( \'//evil.example/x\' )"/>')],
    ['an @import in a style element', svg('<style>@import url(https://evil.example/x.css);</style>')],
    ['an animation setting a link', svg('<a><set attributeName="href" to="javascript:alert(1)"/></a>')],
    ['an embedded HTML document', svg('<image href="data:text/html;base64,PHNjcmlwdD4="/>')],
  ])('refuses %s as active content', (_label, data) => {
    expect(verdict(data)).toEqual({ ok: false, reason: 'active-content' });
  });

  it.each([
    ['plain text', Buffer.from('Ceci est un texte.')],
    ['an HTML page', Buffer.from('<!doctype html><html><body><svg></svg></body></html>')],
    [
      'an entity declaration (billion laughs)',
      Buffer.from('<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY a "aaaa">]><svg xmlns="http://www.w3.org/2000/svg">&a;</svg>'),
    ],
    ['invalid UTF-8', Buffer.from([0x3c, 0x73, 0x76, 0x67, 0x3e, 0xff, 0xfe, 0x3c, 0x2f, 0x73, 0x76, 0x67, 0x3e])],
    ['an unclosed document', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><rect')],
    ['text before the root element', Buffer.from('bonjour <svg xmlns="http://www.w3.org/2000/svg"></svg>')],
  ])('refuses %s as not an SVG', (_label, data) => {
    expect(verdict(data)).toMatchObject({ ok: false });
  });
});

describe('sanitizeSvg, obfuscation', () => {
  it.each([
    [
      'an invalid character reference next to an escaped scheme',
      '<a href="java&amp;#x09;script:alert(1)&amp;#x999999;"><rect/></a>',
    ],
    ['a CSS-escaped url()', '<rect style="fill: \\75 rl(https://evil.example/x)"/>'],
    ['an entity-encoded @import in a style element', '<style>@&#105;mport "https://evil.example/x.css";</style>'],
    ['an @import inside CDATA', '<style><![CDATA[ @import url(https://evil.example/x.css); ]]></style>'],
  ])('refuses %s', (_label, body) => {
    expect(sanitizeSvg(Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg">${body}</svg>`))).toEqual({
      ok: false,
      reason: 'active-content',
    });
  });
});

describe('sanitizeSvg, known XSS payloads', () => {
  it.each(SVG_XSS_PAYLOADS)('refuses %s', (_label, body) => {
    expect(sanitizeSvg(hostileSvg(body))).toEqual({ ok: false, reason: 'active-content' });
  });
});

describe('sanitizeSvg, an ordinary logo', () => {
  it('keeps its gradients, clip path, filter, reused shapes and text, as a standalone XML document', () => {
    const logo = fs.readFileSync(LOGO_SVG_URL);
    const result = sanitizeSvg(logo);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    for (const kept of [
      '<?xml version="1.0" encoding="UTF-8"?>\n<svg xmlns="http://www.w3.org/2000/svg"',
      'viewBox="0 0 240 80"',
      '<title>Comptoir</title>',
      '<linearGradient id="sky"',
      '<radialGradient id="sun"',
      '<clipPath id="round">',
      '<path id="leaf" d="M0 0 C10 -10 20 -10 30 0 C20 10 10 10 0 0 Z"/>',
      '<feGaussianBlur in="SourceAlpha" stdDeviation="2"/>',
      '<feMergeNode in="SourceGraphic"/>',
      '<g clip-path="url(#round)" filter="url(#shadow)">',
      '<use href="#leaf" x="12" y="60" fill="#16a34a"/>',
      'xlink:href="#leaf"',
      'style="fill: #f59e0b; opacity: 0.9"',
      'Comptoir <tspan fill="#9333ea">&amp;</tspan> Cie</text>',
    ]) {
      expect(result.svg).toContain(kept);
    }
    // The comment before the root is not kept; the document stays well-formed XML for the browser.
    expect(result.svg).not.toContain('<!--');
    expect(result.svg).toContain('xmlns:xlink="http://www.w3.org/1999/xlink"');
  });
});
