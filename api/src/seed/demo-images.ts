import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import type { Storage } from '../media/storage/storage.js';

/**
 * Illustrations of the demo data set, drawn here as SVG and rasterised with sharp: no copied photos,
 * no fonts needed (shapes only, so the images look the same on a server without any font installed).
 */

export type ProductShape =
  | 'generator'
  | 'generator-open'
  | 'compressor'
  | 'pump'
  | 'pump-submersible'
  | 'helmet'
  | 'vest'
  | 'boots'
  | 'gloves'
  | 'goggles'
  | 'drill'
  | 'grinder'
  | 'saw'
  | 'welder'
  | 'welding-mask';

export type StockShape = 'drum' | 'carton' | 'battery' | 'reel';
export type CoverShape = ProductShape | StockShape | 'solar' | 'container';
export type BrandMark = 'bolt' | 'air' | 'drop' | 'shield' | 'gear' | 'spark';

// ---------------------------------------------------------------------------------------------
// Colours

function clampByte(n: number): number {
  return Math.max(0, Math.min(255, Math.round(n)));
}

/** Mixes a #rrggbb colour towards white (amount > 0) or black (amount < 0). */
export function shade(hex: string, amount: number): string {
  const n = parseInt(hex.slice(1), 16);
  const channels = [(n >> 16) & 255, (n >> 8) & 255, n & 255];
  const target = amount >= 0 ? 255 : 0;
  const k = Math.abs(amount);
  return `#${channels
    .map((c) => clampByte(c + (target - c) * k))
    .map((c) => c.toString(16).padStart(2, '0'))
    .join('')}`;
}

const DARK = '#2b2f36';
const STEEL = '#5b636e';
const STEEL_LIGHT = '#9aa3ad';

// ---------------------------------------------------------------------------------------------
// Objects, each drawn in a 400 x 300 box

const louvers = (x: number, y: number, count: number, width: number) =>
  Array.from(
    { length: count },
    (_, i) => `<rect x="${x}" y="${y + i * 18}" width="${width}" height="7" rx="3" fill="#000" fill-opacity=".22"/>`,
  ).join('');

const SHAPES: Record<CoverShape, (c: string) => string> = {
  generator: (c) => `
    <rect x="322" y="14" width="16" height="40" rx="3" fill="${STEEL}"/><rect x="316" y="10" width="28" height="8" rx="3" fill="${DARK}"/>
    <rect x="10" y="248" width="380" height="24" rx="4" fill="${DARK}"/>
    <rect x="20" y="60" width="360" height="192" rx="10" fill="${c}"/>
    <rect x="14" y="50" width="372" height="18" rx="6" fill="${shade(c, -0.18)}"/>
    ${louvers(40, 92, 8, 110)}
    <rect x="172" y="82" width="112" height="150" rx="6" fill="none" stroke="#000" stroke-opacity=".25" stroke-width="3"/>
    <rect x="268" y="148" width="8" height="26" rx="3" fill="${DARK}"/>
    <rect x="298" y="90" width="66" height="50" rx="5" fill="#1d2733"/>
    <rect x="306" y="98" width="50" height="18" rx="2" fill="#7fd1a8"/>
    <circle cx="314" cy="128" r="5" fill="#3ecf6e"/><circle cx="330" cy="128" r="5" fill="#e04848"/><circle cx="346" cy="128" r="5" fill="#f1c232"/>
    <circle cx="60" cy="50" r="8" fill="none" stroke="${DARK}" stroke-width="4"/><circle cx="340" cy="50" r="8" fill="none" stroke="${DARK}" stroke-width="4"/>`,
  'generator-open': (c) => `
    <rect x="30" y="70" width="340" height="190" rx="16" fill="none" stroke="${DARK}" stroke-width="12"/>
    <rect x="60" y="190" width="280" height="60" rx="8" fill="${shade(c, -0.2)}"/>
    <rect x="70" y="100" width="150" height="95" rx="10" fill="${c}"/>
    <rect x="90" y="80" width="60" height="26" rx="6" fill="${STEEL}"/>
    ${louvers(85, 120, 3, 120)}
    <rect x="222" y="112" width="110" height="76" rx="30" fill="${STEEL_LIGHT}"/>
    <rect x="236" y="124" width="82" height="52" rx="22" fill="${STEEL}"/>
    <circle cx="120" cy="88" r="10" fill="${DARK}"/>
    <rect x="300" y="196" width="26" height="18" rx="3" fill="#1d2733"/>`,
  compressor: (c) => `
    <rect x="30" y="148" width="340" height="100" rx="50" fill="${c}"/>
    <rect x="30" y="148" width="340" height="30" rx="15" fill="#fff" fill-opacity=".18"/>
    <circle cx="90" cy="262" r="26" fill="${DARK}"/><circle cx="90" cy="262" r="10" fill="${STEEL_LIGHT}"/>
    <circle cx="316" cy="262" r="26" fill="${DARK}"/><circle cx="316" cy="262" r="10" fill="${STEEL_LIGHT}"/>
    <rect x="70" y="78" width="120" height="72" rx="10" fill="#3a3f47"/>${louvers(84, 92, 3, 92)}
    <rect x="218" y="62" width="92" height="88" rx="6" fill="${STEEL}"/>
    ${Array.from({ length: 5 }, (_, i) => `<rect x="210" y="${68 + i * 16}" width="108" height="6" rx="3" fill="${STEEL_LIGHT}"/>`).join('')}
    <circle cx="200" cy="112" r="32" fill="none" stroke="${DARK}" stroke-width="8"/>
    <circle cx="344" cy="126" r="20" fill="#fff" stroke="${DARK}" stroke-width="5"/><path d="M344 126 L354 114" stroke="#e04848" stroke-width="4" stroke-linecap="round"/>
    <path d="M330 150 L330 100 Q330 70 360 70" fill="none" stroke="${DARK}" stroke-width="8" stroke-linecap="round"/>`,
  pump: (c) => `
    <rect x="20" y="250" width="360" height="20" rx="4" fill="${DARK}"/>
    <rect x="40" y="236" width="320" height="16" rx="3" fill="${STEEL}"/>
    <circle cx="112" cy="168" r="72" fill="${shade(c, -0.15)}"/><circle cx="112" cy="168" r="44" fill="${c}"/><circle cx="112" cy="168" r="14" fill="${DARK}"/>
    <rect x="4" y="150" width="44" height="36" rx="4" fill="${STEEL}"/>
    <rect x="96" y="40" width="34" height="64" rx="4" fill="${STEEL}"/><rect x="88" y="32" width="50" height="12" rx="3" fill="${DARK}"/>
    <rect x="190" y="120" width="170" height="116" rx="12" fill="${c}"/>${louvers(206, 140, 4, 70)}
    <rect x="200" y="74" width="150" height="46" rx="14" fill="${shade(c, 0.25)}"/><rect x="300" y="64" width="22" height="12" rx="3" fill="${DARK}"/>
    <circle cx="330" cy="176" r="16" fill="${DARK}"/>`,
  'pump-submersible': (c) => `
    <rect x="168" y="8" width="64" height="26" rx="6" fill="${STEEL}"/>
    <rect x="160" y="30" width="80" height="120" rx="10" fill="${c}"/>
    ${Array.from({ length: 6 }, (_, i) => `<rect x="160" y="${42 + i * 18}" width="80" height="5" fill="#000" fill-opacity=".2"/>`).join('')}
    <rect x="164" y="150" width="72" height="34" rx="4" fill="${STEEL_LIGHT}"/>
    ${Array.from({ length: 5 }, (_, i) => `<rect x="${170 + i * 13}" y="156" width="7" height="22" rx="2" fill="${DARK}"/>`).join('')}
    <rect x="160" y="184" width="80" height="96" rx="10" fill="${shade(c, -0.2)}"/>
    <path d="M240 20 Q320 20 330 120 T360 290" fill="none" stroke="${DARK}" stroke-width="6"/>`,
  helmet: (c) => `
    <path d="M62 204 Q60 58 200 56 Q340 58 338 204 Z" fill="${c}"/>
    <path d="M180 58 Q200 54 220 58 L222 204 L178 204 Z" fill="#fff" fill-opacity=".22"/>
    <path d="M110 100 Q150 70 190 66" fill="none" stroke="#fff" stroke-opacity=".45" stroke-width="10" stroke-linecap="round"/>
    <rect x="26" y="198" width="348" height="28" rx="14" fill="${shade(c, -0.22)}"/>
    <rect x="120" y="226" width="160" height="14" rx="7" fill="${DARK}"/>
    <rect x="96" y="130" width="30" height="10" rx="5" fill="#000" fill-opacity=".25"/><rect x="274" y="130" width="30" height="10" rx="5" fill="#000" fill-opacity=".25"/>`,
  vest: (c) => `
    <path d="M120 20 L170 20 Q200 90 230 20 L280 20 L330 70 L320 290 L80 290 L70 70 Z" fill="${c}"/>
    <path d="M196 96 L204 96 L204 290 L196 290 Z" fill="#000" fill-opacity=".25"/>
    <rect x="76" y="170" width="248" height="24" fill="#d9dde3"/><rect x="76" y="220" width="248" height="24" fill="#d9dde3"/>
    <rect x="76" y="176" width="248" height="4" fill="#fff"/><rect x="76" y="226" width="248" height="4" fill="#fff"/>
    <path d="M120 20 L150 20 L150 170 L120 170 Z" fill="#d9dde3"/><path d="M250 20 L280 20 L280 170 L250 170 Z" fill="#d9dde3"/>`,
  boots: (c) => `
    <path d="M70 30 L170 30 L176 180 Q260 186 330 214 Q356 226 354 250 L354 262 L60 262 L60 200 Z" fill="#3b2a20"/>
    <path d="M60 262 L354 262 L354 280 Q200 292 60 280 Z" fill="${c}"/>
    <path d="M250 196 Q330 206 352 240 L354 262 L250 262 Z" fill="#000" fill-opacity=".2"/>
    ${Array.from({ length: 5 }, (_, i) => `<path d="M120 ${60 + i * 24} L166 ${54 + i * 24}" stroke="${c}" stroke-width="5" stroke-linecap="round"/>`).join('')}
    <rect x="66" y="30" width="106" height="16" rx="6" fill="${c}"/>`,
  gloves: (c) => `
    <path d="M120 290 L110 180 Q70 150 60 100 Q58 84 72 86 Q86 90 96 130 L104 150 L104 60 Q104 44 118 44 Q132 44 132 60 L134 130 L140 40 Q140 24 154 24 Q168 24 168 40 L166 130 L176 50 Q178 34 192 36 Q206 38 204 54 L196 140 L212 82 Q216 68 230 72 Q242 76 238 92 L222 190 L232 290 Z" fill="#c9a16a"/>
    <path d="M118 250 L232 250 L236 290 L120 290 Z" fill="${c}"/>
    <path d="M110 180 Q170 200 222 190" fill="none" stroke="#8a6a3e" stroke-width="5"/>
    <path d="M262 290 L256 200 Q290 160 300 110 Q304 96 318 100 Q330 106 322 130 L314 170 L334 96 Q338 82 352 86 Q364 90 360 106 L344 200 L350 290 Z" fill="#b38b55"/>
    <path d="M258 250 L350 250 L352 290 L262 290 Z" fill="${shade(c, -0.2)}"/>`,
  goggles: (c) => `
    <path d="M10 150 Q10 120 60 118 L340 118 Q390 120 390 150" fill="none" stroke="${c}" stroke-width="16"/>
    <path d="M50 110 Q50 80 90 80 L310 80 Q350 80 350 110 L350 190 Q350 220 310 220 L240 220 Q220 190 200 190 Q180 190 160 220 L90 220 Q50 220 50 190 Z" fill="${DARK}"/>
    <path d="M66 112 Q66 96 92 96 L190 96 L190 178 Q170 182 156 204 L94 204 Q66 204 66 186 Z" fill="#6fb5d9" fill-opacity=".85"/>
    <path d="M334 112 Q334 96 308 96 L210 96 L210 178 Q230 182 244 204 L306 204 Q334 204 334 186 Z" fill="#6fb5d9" fill-opacity=".85"/>
    <path d="M84 120 L130 104" stroke="#fff" stroke-opacity=".7" stroke-width="8" stroke-linecap="round"/><path d="M228 120 L274 104" stroke="#fff" stroke-opacity=".7" stroke-width="8" stroke-linecap="round"/>`,
  drill: (c) => `
    <rect x="16" y="96" width="60" height="12" rx="3" fill="${STEEL_LIGHT}"/><rect x="2" y="99" width="30" height="6" fill="${STEEL}"/>
    <rect x="70" y="80" width="50" height="44" rx="8" fill="${DARK}"/>
    <path d="M116 60 L300 60 Q330 60 330 92 L330 120 Q330 140 300 140 L220 140 L240 240 L160 240 L150 140 L116 140 Z" fill="${c}"/>
    <path d="M160 150 L214 150 L226 232 L172 232 Z" fill="${DARK}" fill-opacity=".85"/>
    <rect x="140" y="236" width="120" height="50" rx="8" fill="${DARK}"/><rect x="150" y="246" width="100" height="10" rx="3" fill="${c}"/>
    ${louvers(250, 76, 3, 60)}
    <rect x="150" y="146" width="14" height="28" rx="5" fill="${STEEL_LIGHT}"/>`,
  grinder: (c) => `
    <circle cx="96" cy="160" r="90" fill="${STEEL_LIGHT}"/><circle cx="96" cy="160" r="86" fill="none" stroke="${STEEL}" stroke-width="6" stroke-dasharray="6 8"/>
    <circle cx="96" cy="160" r="16" fill="${DARK}"/>
    <path d="M20 120 A90 90 0 0 1 172 120 L150 128 A70 70 0 0 0 42 128 Z" fill="${DARK}"/>
    <rect x="110" y="110" width="240" height="74" rx="36" fill="${c}"/>
    <rect x="110" y="110" width="90" height="74" rx="20" fill="${DARK}"/>
    ${louvers(290, 124, 3, 40)}
    <rect x="166" y="44" width="22" height="70" rx="10" fill="${DARK}"/>
    <rect x="230" y="178" width="50" height="14" rx="5" fill="${shade(c, -0.25)}"/>`,
  saw: (c) => `
    <circle cx="170" cy="170" r="110" fill="${STEEL_LIGHT}"/>
    ${Array.from({ length: 36 }, (_, i) => {
      const a = (i * Math.PI * 2) / 36;
      const x = 170 + Math.cos(a) * 110;
      const y = 170 + Math.sin(a) * 110;
      return `<circle cx="${x.toFixed(1)}" cy="${y.toFixed(1)}" r="6" fill="${STEEL_LIGHT}"/>`;
    }).join('')}
    <circle cx="170" cy="170" r="22" fill="${DARK}"/>
    <path d="M50 170 A120 120 0 0 1 290 170 L260 170 A90 90 0 0 0 80 170 Z" fill="${c}"/>
    <path d="M200 60 L330 60 Q370 60 370 100 L370 130 L250 130 Z" fill="${c}"/>
    <path d="M290 60 L360 20 L380 40 L330 92" fill="none" stroke="${DARK}" stroke-width="18" stroke-linejoin="round"/>
    <rect x="20" y="240" width="340" height="18" rx="4" fill="${DARK}"/>`,
  welder: (c) => `
    <path d="M110 40 Q110 20 130 20 L270 20 Q290 20 290 40" fill="none" stroke="${DARK}" stroke-width="12"/>
    <rect x="60" y="40" width="280" height="200" rx="14" fill="${c}"/>
    <rect x="80" y="62" width="170" height="156" rx="8" fill="${DARK}"/>
    <rect x="96" y="76" width="80" height="34" rx="4" fill="#7fd1a8"/>
    <circle cx="210" cy="94" r="20" fill="${STEEL_LIGHT}"/><path d="M210 94 L222 82" stroke="${DARK}" stroke-width="5" stroke-linecap="round"/>
    <circle cx="120" cy="176" r="16" fill="#e04848"/><circle cx="200" cy="176" r="16" fill="${STEEL_LIGHT}"/>
    ${louvers(270, 70, 8, 50)}
    <rect x="70" y="240" width="40" height="18" rx="4" fill="${DARK}"/><rect x="290" y="240" width="40" height="18" rx="4" fill="${DARK}"/>
    <path d="M120 192 Q120 280 230 280 Q330 280 370 250" fill="none" stroke="${DARK}" stroke-width="7"/>
    <rect x="360" y="236" width="34" height="14" rx="5" transform="rotate(-30 377 243)" fill="${shade(c, -0.3)}"/>`,
  'welding-mask': (c) => `
    <path d="M80 60 Q200 10 320 60 L340 200 Q300 290 200 290 Q100 290 60 200 Z" fill="${DARK}"/>
    <path d="M80 60 Q200 10 320 60 L326 100 Q200 60 74 100 Z" fill="${c}"/>
    <rect x="130" y="120" width="140" height="70" rx="8" fill="${c}"/>
    <rect x="142" y="130" width="116" height="50" rx="4" fill="#2c5d3f"/>
    <path d="M150 140 L190 134" stroke="#fff" stroke-opacity=".4" stroke-width="6" stroke-linecap="round"/>
    <path d="M110 230 Q200 262 290 230" fill="none" stroke="${c}" stroke-width="8" stroke-linecap="round"/>`,
  drum: (c) => `
    <rect x="110" y="30" width="180" height="250" rx="16" fill="${c}"/>
    <ellipse cx="200" cy="34" rx="90" ry="16" fill="${shade(c, 0.2)}"/><circle cx="240" cy="32" r="8" fill="${DARK}"/>
    <rect x="106" y="100" width="188" height="10" rx="5" fill="${shade(c, -0.25)}"/><rect x="106" y="200" width="188" height="10" rx="5" fill="${shade(c, -0.25)}"/>
    <rect x="150" y="130" width="100" height="56" rx="4" fill="#fff" fill-opacity=".9"/><rect x="162" y="144" width="76" height="8" rx="3" fill="${c}"/><rect x="162" y="162" width="50" height="8" rx="3" fill="${STEEL_LIGHT}"/>`,
  carton: (c) => `
    <path d="M60 100 L200 60 L340 100 L200 140 Z" fill="#dcb67d"/>
    <path d="M60 100 L200 140 L200 290 L60 250 Z" fill="#c8a165"/>
    <path d="M340 100 L200 140 L200 290 L340 250 Z" fill="#b38b52"/>
    <path d="M130 80 L270 120 L270 140 L130 100 Z" fill="#e8cfa0"/>
    <path d="M90 160 L170 184 L170 240 L90 216 Z" fill="#fff" fill-opacity=".92"/>
    <path d="M100 178 L160 196" stroke="${c}" stroke-width="8" stroke-linecap="round"/><path d="M100 200 L140 212" stroke="${STEEL_LIGHT}" stroke-width="6" stroke-linecap="round"/>
    <path d="M230 200 L310 176" stroke="${c}" stroke-width="14" stroke-linecap="round"/>`,
  battery: (c) => `
    <rect x="60" y="80" width="280" height="190" rx="12" fill="${DARK}"/>
    <rect x="60" y="80" width="280" height="40" rx="10" fill="#3a3f47"/>
    <rect x="96" y="52" width="40" height="32" rx="4" fill="#e04848"/><rect x="264" y="52" width="40" height="32" rx="4" fill="${STEEL_LIGHT}"/>
    <rect x="90" y="150" width="220" height="80" rx="8" fill="${c}"/>
    <path d="M210 160 L180 196 L204 196 L192 222 L228 184 L204 184 L216 160 Z" fill="#fff"/>`,
  reel: (c) => `
    <circle cx="200" cy="160" r="130" fill="#a0724a"/><circle cx="200" cy="160" r="118" fill="#b9875a"/>
    <circle cx="200" cy="160" r="104" fill="${c}"/>
    ${Array.from({ length: 6 }, (_, i) => `<circle cx="200" cy="160" r="${96 - i * 10}" fill="none" stroke="#000" stroke-opacity=".15" stroke-width="3"/>`).join('')}
    <circle cx="200" cy="160" r="36" fill="#a0724a"/><circle cx="200" cy="160" r="14" fill="${DARK}"/>
    <path d="M300 200 Q360 250 390 290" fill="none" stroke="${c}" stroke-width="12" stroke-linecap="round"/>`,
  solar: (c) => `
    <circle cx="320" cy="60" r="42" fill="#f6c343"/>
    ${Array.from({ length: 8 }, (_, i) => {
      const a = (i * Math.PI) / 4;
      return `<path d="M${(320 + Math.cos(a) * 54).toFixed(1)} ${(60 + Math.sin(a) * 54).toFixed(1)} L${(320 + Math.cos(a) * 70).toFixed(1)} ${(60 + Math.sin(a) * 70).toFixed(1)}" stroke="#f6c343" stroke-width="8" stroke-linecap="round"/>`;
    }).join('')}
    <path d="M40 230 L120 110 L330 110 L280 230 Z" fill="#1f3b6e"/>
    ${[1, 2, 3].map((i) => `<path d="M${40 + i * 60} 230 L${120 + i * 52.5} 110" stroke="#8fb3e8" stroke-width="3"/>`).join('')}
    ${[1, 2].map((i) => `<path d="M${40 + i * 26.7} ${230 - i * 40} L${280 + i * 16.7} ${230 - i * 40}" stroke="#8fb3e8" stroke-width="3"/>`).join('')}
    <rect x="170" y="230" width="16" height="50" fill="${STEEL}"/><rect x="120" y="276" width="120" height="12" rx="4" fill="${c}"/>`,
  container: (c) => `
    <rect x="20" y="150" width="360" height="130" rx="4" fill="${c}"/>
    ${Array.from({ length: 14 }, (_, i) => `<rect x="${34 + i * 25}" y="160" width="10" height="110" fill="#000" fill-opacity=".15"/>`).join('')}
    <rect x="60" y="30" width="300" height="118" rx="4" fill="${shade(c, 0.35)}"/>
    ${Array.from({ length: 11 }, (_, i) => `<rect x="${74 + i * 26}" y="40" width="10" height="98" fill="#000" fill-opacity=".12"/>`).join('')}
    <rect x="20" y="146" width="360" height="8" fill="${DARK}"/>`,
};

const MARKS: Record<BrandMark, string> = {
  bolt: '<path d="M176 40 L96 176 L156 176 L136 280 L224 132 L164 132 L196 40 Z" fill="#fff"/>',
  air: '<path d="M70 120 Q200 120 230 100 Q260 70 230 56 Q200 46 196 80" fill="none" stroke="#fff" stroke-width="22" stroke-linecap="round"/><path d="M70 180 L250 180 Q300 180 300 220 Q300 260 260 250" fill="none" stroke="#fff" stroke-width="22" stroke-linecap="round"/><path d="M70 240 L170 240" stroke="#fff" stroke-width="22" stroke-linecap="round"/>',
  drop: '<path d="M160 40 Q250 150 250 200 Q250 280 160 280 Q70 280 70 200 Q70 150 160 40 Z" fill="#fff"/><path d="M120 200 Q120 240 160 246" fill="none" stroke-width="14" stroke="#000" stroke-opacity=".18" stroke-linecap="round"/>',
  shield:
    '<path d="M160 36 L260 74 Q262 210 160 284 Q58 210 60 74 Z" fill="#fff"/><path d="M116 160 L150 194 L212 122" fill="none" stroke="#000" stroke-opacity=".3" stroke-width="20" stroke-linecap="round" stroke-linejoin="round"/>',
  gear: `<g fill="#fff">${Array.from({ length: 8 }, (_, i) => `<rect x="146" y="36" width="28" height="56" rx="6" transform="rotate(${i * 45} 160 160)"/>`).join('')}<circle cx="160" cy="160" r="92"/></g><circle cx="160" cy="160" r="40" fill="#000" fill-opacity=".25"/>`,
  spark:
    '<path d="M160 30 L184 126 L280 100 L200 162 L270 240 L170 200 L130 290 L130 190 L40 180 L124 140 L70 60 L150 110 Z" fill="#fff"/>',
};

// ---------------------------------------------------------------------------------------------
// Compositions

const svg = (width: number, height: number, body: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${body}</svg>`;

const gradient = (id: string, from: string, to: string, vertical = true) =>
  `<linearGradient id="${id}" x1="0" y1="0" x2="${vertical ? 0 : 1}" y2="${vertical ? 1 : 0}"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient>`;

/**
 * A product photo stand-in, 800 x 600. Variant 0: the whole object on a light studio background;
 * 1: a close-up on a background tinted with the brand colour; 2: the object on a dark background.
 */
export function productSvg(shape: ProductShape, colour: string, variant: number): string {
  const v = variant % 3;
  const background =
    v === 0
      ? gradient('bg', '#f4f6f9', '#dde3ea')
      : v === 1
        ? gradient('bg', shade(colour, 0.85), shade(colour, 0.6))
        : gradient('bg', '#27313c', '#121820');
  const transform = v === 1 ? 'translate(120 60) scale(1.6)' : 'translate(160 130) scale(1.2)';
  const floor =
    v === 1
      ? ''
      : `<ellipse cx="400" cy="${130 + 1.2 * 285}" rx="270" ry="22" fill="#000" fill-opacity="${v === 2 ? 0.45 : 0.14}"/>`;
  return svg(
    800,
    600,
    `<defs>${background}</defs><rect width="800" height="600" fill="url(#bg)"/>${floor}<g transform="${transform}">${SHAPES[shape](colour)}</g>`,
  );
}

/** A stock-entry picture, 600 x 450. */
export function stockSvg(shape: StockShape | ProductShape, colour: string): string {
  return svg(
    600,
    450,
    `<defs>${gradient('bg', '#f7f3ea', '#e4dccb')}</defs><rect width="600" height="450" fill="url(#bg)"/><ellipse cx="300" cy="390" rx="200" ry="16" fill="#000" fill-opacity=".14"/><g transform="translate(100 80)">${SHAPES[shape](colour)}</g>`,
  );
}

/** An article cover, 1200 x 630 (the usual social-card ratio): a coloured scene with one object. */
export function coverSvg(shape: CoverShape, colour: string, seed: number): string {
  const deep = shade(colour, -0.55);
  const circles = Array.from({ length: 5 }, (_, i) => {
    const x = (seed * 137 + i * 241) % 1200;
    const y = (seed * 89 + i * 173) % 630;
    const r = 40 + ((seed + i * 31) % 5) * 30;
    return `<circle cx="${x}" cy="${y}" r="${r}" fill="#fff" fill-opacity="${(0.04 + (i % 3) * 0.03).toFixed(2)}"/>`;
  }).join('');
  return svg(
    1200,
    630,
    `<defs>${gradient('bg', deep, shade(colour, -0.15), false)}</defs><rect width="1200" height="630" fill="url(#bg)"/>${circles}
    <path d="M0 540 L1200 470 L1200 630 L0 630 Z" fill="#000" fill-opacity=".2"/>
    <g transform="translate(560 120) scale(1.45)">${SHAPES[shape](shade(colour, 0.15))}</g>
    <rect x="80" y="200" width="360" height="22" rx="11" fill="#fff" fill-opacity=".85"/>
    <rect x="80" y="244" width="280" height="22" rx="11" fill="#fff" fill-opacity=".55"/>
    <rect x="80" y="288" width="320" height="22" rx="11" fill="#fff" fill-opacity=".35"/>`,
  );
}

/** A brand emblem, 320 x 320: a rounded square of the brand colour with a white mark. */
export function brandSvg(mark: BrandMark, colour: string): string {
  return svg(
    320,
    320,
    `<defs>${gradient('bg', shade(colour, 0.1), shade(colour, -0.2))}</defs><rect width="320" height="320" rx="56" fill="url(#bg)"/>${MARKS[mark]}`,
  );
}

/** A neutral staff avatar, 256 x 256: head and shoulders on a coloured disc. */
export function avatarSvg(colour: string, skin: string): string {
  return svg(
    256,
    256,
    `<circle cx="128" cy="128" r="128" fill="${shade(colour, 0.55)}"/><path d="M36 236 Q40 164 128 160 Q216 164 220 236 Q180 262 128 262 Q76 262 36 236 Z" fill="${colour}"/><circle cx="128" cy="100" r="50" fill="${skin}"/><path d="M80 96 Q84 44 128 46 Q176 44 178 98 Q160 70 128 72 Q96 70 80 96 Z" fill="#1c1410"/>`,
  );
}

// ---------------------------------------------------------------------------------------------
// Rasterising

export interface ImageJob {
  /** Path relative to the storage root, e.g. "demo/products/ge-vt20s-1.webp". */
  path: string;
  svg: string;
}

/**
 * Writes the images into the storage (whichever driver). A file whose SVG did not change since the
 * last run is left alone, and rendered images are shared through a cache in the system's temporary
 * folder, so reloading the demo data (or seeding many test databases) costs little after the first time.
 */
export async function writeImages(storage: Storage, jobs: ImageJob[]): Promise<void> {
  const cacheDir = path.join(os.tmpdir(), 'comptoir-demo-images');
  let cacheUsable = true;
  try {
    fs.mkdirSync(cacheDir, { recursive: true });
  } catch {
    cacheUsable = false;
  }
  const manifestPath = 'demo/.manifest.json';
  let manifest: Record<string, string> = {};
  try {
    manifest = JSON.parse((await storage.read(manifestPath)).toString('utf8')) as Record<string, string>;
  } catch {
    manifest = {};
  }
  const next: Record<string, string> = {};

  // A few at a time: with object storage each file is a request.
  const queue = [...jobs];
  const worker = async () => {
    for (let job = queue.shift(); job; job = queue.shift()) {
      const format = path.extname(job.path).slice(1);
      const key = createHash('sha256').update(`${format}\n${sharp.versions.sharp}\n${job.svg}`).digest('hex').slice(0, 32);
      next[job.path] = key;
      if (manifest[job.path] === key && (await storage.exists(job.path))) continue;
      const cached = path.join(cacheDir, `${key}.${format}`);
      if (cacheUsable && fs.existsSync(cached)) {
        await storage.put(job.path, fs.readFileSync(cached));
        continue;
      }
      const image = sharp(Buffer.from(job.svg));
      const buffer = await (
        format === 'png' ? image.png({ compressionLevel: 9 }) : image.webp({ quality: 80, effort: 2 })
      ).toBuffer();
      await storage.put(job.path, buffer);
      if (cacheUsable) {
        // Written under a unique name then renamed: concurrent seeders never see half a file.
        const temporary = `${cached}.${process.pid}.${Math.random().toString(36).slice(2)}`;
        try {
          fs.writeFileSync(temporary, buffer);
          fs.renameSync(temporary, cached);
        } catch {
          fs.rmSync(temporary, { force: true });
        }
      }
    }
  };
  await Promise.all(Array.from({ length: 8 }, worker));

  // Files of an older demo set that this one no longer uses.
  for (const old of Object.keys(manifest)) {
    if (!(old in next)) await storage.delete(old);
  }
  await storage.put(manifestPath, Buffer.from(JSON.stringify(next, null, 1)));
}
