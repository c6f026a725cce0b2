// Draws the site's marketing images (no copied photo anywhere): SVG illustrations, team avatars and
// partner logos written by this script, plus the raster files that must be bitmaps
// (/images/default-avatar.jpeg, the Open Graph card). Run: node site/scripts/draw-images.mjs
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const out = path.resolve(here, '../public/images');
const require = createRequire(path.resolve(here, '../../api/package.json'));
const sharp = require('sharp');

const write = (rel, svg) => {
  const file = path.join(out, rel);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, svg.replace(/\n\s*/g, '\n').trim() + '\n');
  return file;
};

const NAVY = '#0b1f38';
const NAVY2 = '#173e6d';
const ORANGE = '#ef6c1a';
const ORANGE2 = '#b43f0f';
const SAND = '#f4e3c3';

// ---------------------------------------------------------------------------------------------- logo
const logoMark = `<g><rect x="4" y="4" width="56" height="56" rx="12" fill="${NAVY}"/>
<path d="M44 22a16 16 0 1 0 0 20" fill="none" stroke="${ORANGE}" stroke-width="7" stroke-linecap="round"/>
<rect x="27" y="27" width="10" height="10" rx="2" fill="#fff"/></g>`;
write('logo.svg', `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" width="64" height="64">${logoMark}</svg>`);
write('favicon.svg', `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">${logoMark}</svg>`);
write(
  'logo-outline.svg',
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" width="240" height="240">
<rect x="4" y="4" width="56" height="56" rx="12" fill="none" stroke="#fff" stroke-width="2"/>
<path d="M44 22a16 16 0 1 0 0 20" fill="none" stroke="#fff" stroke-width="5" stroke-linecap="round"/>
<rect x="27" y="27" width="10" height="10" rx="2" fill="#fff"/></svg>`,
);

// ---------------------------------------------------------------------------------------------- hero
const containers = (x, y, colors) =>
  colors
    .map(
      (c, i) => `<g transform="translate(${x + (i % 3) * 92},${y - Math.floor(i / 3) * 44})">
<rect width="88" height="40" fill="${c}"/>${[...Array(7)].map((_, k) => `<rect x="${8 + k * 11}" y="5" width="4" height="30" fill="#000" opacity=".12"/>`).join('')}</g>`,
    )
    .join('');
const hero = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1200 720" width="1200" height="720" role="img" aria-labelledby="t">
<title id="t">Illustration : port industriel avec grue, conteneurs et groupe électrogène</title>
<defs>
<linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#173e6d"/><stop offset=".6" stop-color="#2d66a8"/><stop offset="1" stop-color="#fb8a3c"/></linearGradient>
<linearGradient id="ground" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#112f53"/><stop offset="1" stop-color="#061326"/></linearGradient>
</defs>
<rect width="1200" height="720" fill="url(#sky)"/>
<circle cx="930" cy="430" r="120" fill="#ffad70" opacity=".85"/>
<path d="M0 470 L120 440 L260 460 L420 420 L600 455 L780 430 L960 450 L1200 420 V720 H0Z" fill="#1f4f88" opacity=".55"/>
<g fill="${NAVY}">
<rect x="90" y="300" width="140" height="220"/><rect x="110" y="220" width="22" height="90"/><rect x="160" y="180" width="22" height="130"/>
<rect x="250" y="360" width="200" height="160"/><path d="M250 360 l50 -40 l50 40 l50 -40 l50 40Z"/>
</g>
<g fill="#ffd0a8" opacity=".8">${[...Array(4)].map((_, i) => `<rect x="${268 + i * 44}" y="400" width="24" height="18"/>`).join('')}${[...Array(3)].map((_, i) => `<rect x="${108 + i * 40}" y="340" width="20" height="16"/>`).join('')}</g>
<path d="M120 180 q10 -30 40 -40 q20 -10 30 -40" fill="none" stroke="#dde3ea" stroke-width="10" stroke-linecap="round" opacity=".35"/>
<g stroke="${NAVY}" stroke-width="8" fill="none">
<path d="M640 520 V150 M700 520 V150 M640 150 H700 M640 200 L700 250 M700 200 L640 250 M640 300 L700 350 M700 300 L640 350 M640 400 L700 450 M700 400 L640 450"/>
<path d="M560 150 H1000 M600 150 L670 90 L740 150" />
</g>
<rect x="950" y="150" width="10" height="170" fill="${NAVY}"/>
<rect x="930" y="320" width="50" height="16" fill="${ORANGE}"/>
<rect x="575" y="158" width="60" height="40" fill="${ORANGE2}"/>
${containers(720, 476, [ORANGE, '#2d66a8', '#1c7a43', '#b42318', ORANGE, '#4b84c5'])}
<rect y="520" width="1200" height="200" fill="url(#ground)"/>
<g transform="translate(150,560)">
<rect width="300" height="110" rx="10" fill="${ORANGE}"/><rect x="16" y="16" width="160" height="78" rx="6" fill="${ORANGE2}"/>
${[...Array(6)].map((_, i) => `<rect x="${28 + i * 24}" y="26" width="10" height="58" rx="3" fill="#8f3314"/>`).join('')}
<rect x="196" y="20" width="88" height="40" rx="6" fill="${NAVY}"/><circle cx="216" cy="40" r="9" fill="#1c7a43"/><circle cx="244" cy="40" r="9" fill="#ffad70"/><rect x="200" y="72" width="80" height="10" rx="5" fill="#8f3314"/>
<rect x="20" y="110" width="40" height="12" fill="#061326"/><rect x="240" y="110" width="40" height="12" fill="#061326"/>
</g>
<g transform="translate(820,585)" fill="#dde3ea">
<rect width="190" height="70" rx="35" fill="#4b84c5"/><rect x="150" y="-20" width="50" height="40" rx="8" fill="#2d66a8"/><circle cx="40" cy="80" r="14" fill="${NAVY}"/><circle cx="150" cy="80" r="14" fill="${NAVY}"/>
</g>
<path d="M0 690 H1200" stroke="${ORANGE}" stroke-width="6" stroke-dasharray="40 30" opacity=".6"/>
</svg>`;
write('hero-industrial.svg', hero);

// ---------------------------------------------------------------------------------------------- stories
write(
  'story-warehouse.svg',
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 640 480" width="640" height="480" role="img" aria-labelledby="t">
<title id="t">Illustration : entrepôt avec rayonnages, palettes et chariot élévateur</title>
<rect width="640" height="480" fill="#eef4fb"/>
<path d="M40 150 L320 50 L600 150 V440 H40Z" fill="#d6e4f5"/><path d="M40 150 L320 50 L600 150" fill="none" stroke="${NAVY2}" stroke-width="10"/>
${[0, 1, 2].map((r) => `<g transform="translate(80,${200 + r * 78})"><rect width="300" height="8" fill="${NAVY2}"/>${[0, 1, 2, 3].map((k) => `<rect x="${10 + k * 72}" y="-42" width="60" height="42" rx="4" fill="${['#ffad70', '#4b84c5', '#fb8a3c', '#7ba9da'][(k + r) % 4]}"/>`).join('')}</g>`).join('')}
<rect x="76" y="150" width="10" height="290" fill="${NAVY2}"/><rect x="376" y="150" width="10" height="290" fill="${NAVY2}"/>
<g transform="translate(420,300)"><rect x="0" y="40" width="120" height="70" rx="10" fill="${ORANGE}"/><rect x="20" y="0" width="70" height="50" rx="6" fill="none" stroke="${NAVY}" stroke-width="8"/><rect x="120" y="-20" width="10" height="130" fill="${NAVY}"/><rect x="130" y="90" width="60" height="8" fill="${NAVY}"/><circle cx="28" cy="118" r="18" fill="${NAVY}"/><circle cx="100" cy="118" r="18" fill="${NAVY}"/></g>
<rect y="440" width="640" height="40" fill="${NAVY}"/>
</svg>`,
);
write(
  'story-field.svg',
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 640 480" width="640" height="480" role="img" aria-labelledby="t">
<title id="t">Illustration : technicien en équipement de protection devant une pompe industrielle</title>
<rect width="640" height="480" fill="#fff6ed"/>
<circle cx="500" cy="110" r="60" fill="#ffd0a8"/>
<g transform="translate(60,250)"><rect width="260" height="120" rx="14" fill="#2d66a8"/><circle cx="80" cy="60" r="44" fill="#173e6d"/><circle cx="80" cy="60" r="22" fill="#7ba9da"/><rect x="150" y="24" width="90" height="16" rx="8" fill="#aecbea"/><rect x="150" y="54" width="70" height="16" rx="8" fill="#aecbea"/><rect x="-40" y="50" width="40" height="20" fill="#4a5868"/><rect x="260" y="50" width="80" height="20" fill="#4a5868"/></g>
<g transform="translate(430,170)">
<rect x="20" y="110" width="80" height="130" rx="14" fill="${ORANGE}"/><rect x="26" y="150" width="68" height="10" fill="#fff6a8"/><rect x="26" y="180" width="68" height="10" fill="#fff6a8"/>
<circle cx="60" cy="70" r="34" fill="#8d5524"/><path d="M24 62 a36 36 0 0 1 72 0 Z" fill="#ffd23f"/><rect x="18" y="58" width="84" height="10" rx="5" fill="#e0b400"/>
<rect x="30" y="240" width="24" height="70" fill="${NAVY}"/><rect x="66" y="240" width="24" height="70" fill="${NAVY}"/>
<path d="M100 130 l50 40" stroke="#8d5524" stroke-width="18" stroke-linecap="round"/><rect x="140" y="150" width="14" height="50" rx="4" fill="#4a5868" transform="rotate(-30 147 175)"/>
</g>
<rect y="420" width="640" height="60" fill="#742c14" opacity=".85"/>
</svg>`,
);

// ---------------------------------------------------------------------------------------------- reasons
const reason = (
  title,
  body,
) => `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 320 220" width="320" height="220" role="img" aria-labelledby="t">
<title id="t">${title}</title><rect width="320" height="220" rx="16" fill="#eef4fb"/>${body}</svg>`;
write(
  'reason-expertise.svg',
  reason(
    'Illustration : engrenages',
    `<g transform="translate(120,110)" fill="${NAVY2}">${[...Array(8)].map((_, i) => `<rect x="-10" y="-70" width="20" height="26" rx="4" transform="rotate(${i * 45})"/>`).join('')}<circle r="52"/><circle r="20" fill="#eef4fb"/></g>
<g transform="translate(214,80)" fill="${ORANGE}">${[...Array(8)].map((_, i) => `<rect x="-7" y="-46" width="14" height="18" rx="3" transform="rotate(${i * 45 + 22})"/>`).join('')}<circle r="34"/><circle r="12" fill="#eef4fb"/></g>`,
  ),
);
write(
  'reason-innovation.svg',
  reason(
    'Illustration : ampoule et circuit',
    `<path d="M40 170 H110 V130 H150 M280 60 H220 V100 H180" fill="none" stroke="#7ba9da" stroke-width="6"/><circle cx="40" cy="170" r="8" fill="#7ba9da"/><circle cx="280" cy="60" r="8" fill="#7ba9da"/>
<circle cx="165" cy="95" r="50" fill="#ffd0a8"/><circle cx="165" cy="95" r="34" fill="${ORANGE}"/><rect x="147" y="140" width="36" height="34" rx="6" fill="${NAVY2}"/><rect x="150" y="150" width="30" height="4" fill="#aecbea"/><rect x="150" y="160" width="30" height="4" fill="#aecbea"/>`,
  ),
);
write(
  'reason-support.svg',
  reason(
    'Illustration : poignée de main',
    `<path d="M30 120 L100 80 L150 100 L190 80 L290 120 L250 160 L200 150 L150 170 L90 160Z" fill="${NAVY2}"/>
<path d="M110 100 L160 130 Q175 140 165 150 L150 160" fill="none" stroke="#eef4fb" stroke-width="6" stroke-linecap="round"/>
<path d="M190 80 L220 110 L170 140" fill="none" stroke="${ORANGE}" stroke-width="14" stroke-linecap="round" stroke-linejoin="round"/>
<circle cx="160" cy="48" r="16" fill="${ORANGE}"/><path d="M150 48 l7 7 l12 -14" stroke="#fff" stroke-width="4" fill="none"/>`,
  ),
);
write(
  'team-banner.svg',
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 640 400" width="640" height="400" role="img" aria-labelledby="t">
<title id="t">Illustration : l'équipe réunie autour d'un plan</title><rect width="640" height="400" fill="#112f53"/>
<rect x="120" y="230" width="400" height="26" rx="6" fill="#ffad70"/><rect x="200" y="210" width="240" height="20" rx="3" fill="#eef4fb"/>
${[130, 230, 330, 430].map((x, i) => `<g transform="translate(${x},90)"><circle cx="40" cy="40" r="30" fill="${['#8d5524', '#c68642', '#5c3a1e', '#a0662f'][i]}"/><path d="M0 140 Q0 80 40 80 Q80 80 80 140Z" fill="${['#ef6c1a', '#4b84c5', '#1c7a43', '#b43f0f'][i]}"/></g>`).join('')}
</svg>`,
);

// ---------------------------------------------------------------------------------------------- team avatars
const TEAM = [
  { file: 'kodjo-amegah', skin: '#8d5524', hair: 'short', hairColor: '#1b1b1b', shirt: '#173e6d', bg: '#d6e4f5', beard: true },
  { file: 'afi-mensah', skin: '#a0662f', hair: 'bun', hairColor: '#2b1a10', shirt: '#b43f0f', bg: '#ffead4' },
  { file: 'yao-agbodjan', skin: '#5c3a1e', hair: 'bald', hairColor: '#111', shirt: '#1c7a43', bg: '#e3f4ea', glasses: true },
  { file: 'essi-lawson', skin: '#c68642', hair: 'long', hairColor: '#1b1b1b', shirt: '#2d66a8', bg: '#eef4fb' },
  { file: 'komi-adjovi', skin: '#6f4422', hair: 'short', hairColor: '#0f0f0f', shirt: '#ef6c1a', bg: '#fff4d6', helmet: true },
  { file: 'akossiwa-dossou', skin: '#8d5524', hair: 'wrap', hairColor: '#1f4f88', shirt: '#742c14', bg: '#fdecea' },
];
for (const m of TEAM) {
  const hair = {
    short: `<path d="M110 92 Q110 52 160 52 Q210 52 210 92 Q200 72 160 72 Q120 72 110 92Z" fill="${m.hairColor}"/>`,
    bun: `<circle cx="160" cy="44" r="22" fill="${m.hairColor}"/><path d="M108 100 Q106 56 160 56 Q214 56 212 100 Q196 74 160 74 Q124 74 108 100Z" fill="${m.hairColor}"/>`,
    bald: '',
    long: `<path d="M104 170 Q96 60 160 56 Q224 60 216 170 L200 170 Q204 90 160 80 Q116 90 120 170Z" fill="${m.hairColor}"/>`,
    wrap: `<path d="M104 100 Q104 40 160 40 Q216 40 216 100 Q190 84 160 84 Q130 84 104 100Z" fill="${m.hairColor}"/><path d="M196 52 q30 -10 24 20" fill="${m.hairColor}"/>`,
  }[m.hair];
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 320 320" width="320" height="320">
<rect width="320" height="320" fill="${m.bg}"/>
<path d="M60 320 Q60 220 160 214 Q260 220 260 320Z" fill="${m.shirt}"/>
<path d="M136 214 L160 250 L184 214" fill="#fff" opacity=".9"/>
<rect x="142" y="170" width="36" height="50" rx="12" fill="${m.skin}"/>
<ellipse cx="160" cy="118" rx="52" ry="62" fill="${m.skin}"/>
<ellipse cx="106" cy="122" rx="9" ry="14" fill="${m.skin}"/><ellipse cx="214" cy="122" rx="9" ry="14" fill="${m.skin}"/>
${hair}
<ellipse cx="140" cy="118" rx="6" ry="7" fill="#1b1b1b"/><ellipse cx="180" cy="118" rx="6" ry="7" fill="#1b1b1b"/>
<path d="M132 104 q8 -6 16 0 M172 104 q8 -6 16 0" stroke="#1b1b1b" stroke-width="3" fill="none" stroke-linecap="round"/>
<path d="M148 152 Q160 162 172 152" stroke="#3a1f0e" stroke-width="4" fill="none" stroke-linecap="round"/>
${m.beard ? `<path d="M116 140 Q120 186 160 186 Q200 186 204 140 Q190 170 160 170 Q130 170 116 140Z" fill="${m.hairColor}" opacity=".85"/>` : ''}
${m.glasses ? `<g fill="none" stroke="#1b1b1b" stroke-width="3"><circle cx="140" cy="118" r="15"/><circle cx="180" cy="118" r="15"/><path d="M155 118 h10"/></g>` : ''}
${m.helmet ? `<path d="M100 96 Q100 40 160 40 Q220 40 220 96Z" fill="#ffd23f"/><rect x="92" y="90" width="136" height="12" rx="6" fill="#e0b400"/>` : ''}
</svg>`;
  write(`team/${m.file}.svg`, svg);
}

// ---------------------------------------------------------------------------------------------- partner logos
const PARTNERS = [
  { file: 'volta-energie', name: 'VOLTA', sub: 'ÉNERGIE', color: '#b43f0f', shape: 'bolt' },
  { file: 'golfe-logistique', name: 'GOLFE', sub: 'LOGISTIQUE', color: '#173e6d', shape: 'wave' },
  { file: 'savane-agro', name: 'SAVANE', sub: 'AGRO', color: '#1c7a43', shape: 'leaf' },
  { file: 'hydrosud', name: 'HYDROSUD', sub: 'POMPAGE', color: '#1f4f88', shape: 'drop' },
  { file: 'metal-ouest', name: 'MÉTAL', sub: 'OUEST', color: '#4a5868', shape: 'hex' },
  { file: 'batiplus', name: 'BATIPLUS', sub: 'CONSTRUCTION', color: '#8f3314', shape: 'roof' },
  { file: 'minera-kara', name: 'MINÉRA', sub: 'KARA', color: '#742c14', shape: 'peak' },
  { file: 'atlantique-froid', name: 'ATLANTIQUE', sub: 'FROID', color: '#2d66a8', shape: 'flake' },
];
const SHAPES = {
  bolt: (c) => `<path d="M30 6 L12 34 H26 L20 56 L44 24 H30 L36 6Z" fill="${c}"/>`,
  wave: (c) =>
    `<path d="M6 30 q10 -12 20 0 t20 0 t20 0 M6 44 q10 -12 20 0 t20 0 t20 0" stroke="${c}" stroke-width="6" fill="none"/>`,
  leaf: (c) => `<path d="M10 50 Q10 10 54 8 Q52 52 10 50Z" fill="${c}"/><path d="M12 48 L44 18" stroke="#fff" stroke-width="3"/>`,
  drop: (c) => `<path d="M32 4 Q54 32 54 40 A22 22 0 0 1 10 40 Q10 32 32 4Z" fill="${c}"/>`,
  hex: (c) =>
    `<path d="M32 4 L56 18 V46 L32 60 L8 46 V18Z" fill="${c}"/><path d="M32 18 L44 25 V39 L32 46 L20 39 V25Z" fill="#fff"/>`,
  roof: (c) =>
    `<path d="M4 30 L32 6 L60 30 H50 V56 H14 V30Z" fill="${c}"/><rect x="26" y="36" width="12" height="20" fill="#fff"/>`,
  peak: (c) => `<path d="M2 56 L24 16 L36 34 L44 24 L62 56Z" fill="${c}"/><path d="M24 16 L30 26 L18 26Z" fill="#fff"/>`,
  flake: (c) => `<g stroke="${c}" stroke-width="6" stroke-linecap="round"><path d="M32 6 V58 M10 19 L54 45 M54 19 L10 45"/></g>`,
};
for (const p of PARTNERS) {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 240 64" width="240" height="64" role="img" aria-labelledby="t">
<title id="t">${p.name} ${p.sub}</title>${SHAPES[p.shape](p.color)}
<text x="72" y="34" font-family="Arial, Helvetica, sans-serif" font-weight="800" font-size="24" letter-spacing="1" fill="${p.color}">${p.name}</text>
<text x="73" y="54" font-family="Arial, Helvetica, sans-serif" font-weight="600" font-size="12" letter-spacing="3" fill="#4a5868">${p.sub}</text></svg>`;
  write(`partners/${p.file}.svg`, svg);
}

// ---------------------------------------------------------------------------------------------- star
write(
  'star.svg',
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" width="24" height="24"><path d="M12 2l2.9 6.9 7.1.6-5.4 4.7 1.6 7L12 17.6 5.8 21.2l1.6-7L2 9.5l7.1-.6z" fill="#ef9a1a"/></svg>`,
);

// ---------------------------------------------------------------------------------------------- rasters
const avatarSvg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 256 256" width="256" height="256">
<rect width="256" height="256" fill="#d6e4f5"/><circle cx="128" cy="100" r="48" fill="#7ba9da"/>
<path d="M40 256 Q40 168 128 164 Q216 168 216 256Z" fill="#7ba9da"/></svg>`;
await sharp(Buffer.from(avatarSvg)).jpeg({ quality: 82 }).toFile(path.join(out, 'default-avatar.jpeg'));

const ogSvg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1200 630" width="1200" height="630">
<rect width="1200" height="630" fill="${NAVY}"/>
<g transform="translate(80,90) scale(2.2)">${logoMark}</g>
<text x="80" y="330" font-family="Arial, Helvetica, sans-serif" font-weight="800" font-size="64" fill="#fff">Équipements et services</text>
<text x="80" y="410" font-family="Arial, Helvetica, sans-serif" font-weight="800" font-size="64" fill="${ORANGE}">industriels à Lomé</text>
<text x="80" y="500" font-family="Arial, Helvetica, sans-serif" font-size="30" fill="${SAND}">Groupes électrogènes · Compresseurs · Pompes · Protection</text>
</svg>`;
await sharp(Buffer.from(ogSvg)).jpeg({ quality: 80 }).toFile(path.join(out, 'og-default.jpg'));
await sharp(Buffer.from(hero)).resize(800).webp({ quality: 70 }).toFile(path.join(out, 'hero-industrial-800.webp'));
console.log(`Images written to ${out}`);
