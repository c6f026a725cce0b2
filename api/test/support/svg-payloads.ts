/**
 * Known SVG XSS payloads (OWASP cheat sheet, PortSwigger's list, DOMPurify's test corpus): every one is
 * refused, so nothing of them can be stored. Used by the sanitiser's unit
 * test and by test/security/svg-uploads (through the upload route).
 */
export const SVG_XSS_PAYLOADS: [string, string][] = [
  ['a script', '<script>alert(document.domain)</script>'],
  ['an external script', '<script href="https://evil.example/x.js"/>'],
  ['onload on the root', '<svg onload="alert(1)"/>'],
  ['onerror on an image', '<image href="#x" onerror="alert(1)"/>'],
  ['a use of an external document', '<use href="http://evil.example/sprite.svg#x"/>'],
  ['a use of a data: document', '<use href="data:image/svg+xml;base64,PHN2ZyBpZD0ieCIvPg==#x"/>'],
  ['a javascript: link (xlink:href)', '<a xlink:href="javascript:alert(1)"><text y="5">clic</text></a>'],
  [
    'an animate setting href to javascript:',
    '<a><animate attributeName="href" values="javascript:alert(1)"/><text y="5">x</text></a>',
  ],
  ['an animate setting xlink:href', '<a><animate attributeName="xlink:href" to="javascript:alert(1)"/><text y="5">x</text></a>'],
  ['a set of an event handler', '<rect width="5" height="5"><set attributeName="onmouseover" to="alert(1)"/></rect>'],
  [
    'a foreignObject with HTML',
    '<foreignObject width="10" height="10"><body xmlns="http://www.w3.org/1999/xhtml"><img src="x" onerror="alert(1)"/></body></foreignObject>',
  ],
  ['an iframe', '<iframe src="javascript:alert(1)"></iframe>'],
  ['CSS url(javascript:) in a style attribute', '<rect width="5" height="5" style="fill: url(javascript:alert(1))"/>'],
  ['CSS url(javascript:) in a style element', '<style>rect { background: url("javascript:alert(1)") }</style><rect/>'],
  ['an external font in a style element', '<style>@font-face { src: url(https://evil.example/f.woff) }</style>'],
  ['a data:text/html link', '<a href="data:text/html,&lt;script&gt;alert(1)&lt;/script&gt;"><rect width="5" height="5"/></a>'],
  ['a data:text/html image', '<image href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg=="/>'],
  ['an external filter image', '<filter id="f"><feImage href="https://tracker.example/p.png"/></filter>'],
  ['an HTML element breaking out of the drawing', '<style><img src="x" onerror="alert(1)"/></style>'],
  ['a handler element (SVG Tiny)', '<handler type="application/ecmascript">alert(1)</handler>'],
];

/** A drawing around one payload, with the xlink prefix declared as drawing programs do. */
export const hostileSvg = (body: string): Buffer =>
  Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 10 10">${body}</svg>`,
  );

/** An ordinary logo (test/support/logo.svg). */
export const LOGO_SVG_URL = new URL('./logo.svg', import.meta.url);
