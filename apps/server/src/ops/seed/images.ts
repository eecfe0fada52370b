import sharp, { type OutputInfo, type Sharp } from 'sharp';

// Demo post pictures, drawn as SVG and rendered locally: clean studio-style drawings of hardware on a
// neutral background, with a ruler or a coin for scale. Nothing is downloaded.

export const DRAWINGS = [
  'crank',
  'roller',
  'hinge',
  'sash-lock',
  'profile',
  'screen-corner',
  'closer',
  'balance',
] as const;
export type Drawing = (typeof DRAWINGS)[number];

export const FINISHES = ['white', 'bronze', 'brass', 'nickel', 'black', 'almond'] as const;
export type Finish = (typeof FINISHES)[number];

export interface PictureSpec {
  drawing: Drawing;
  finish: Finish;
  /** Picks the background, the scale object and small variations. */
  variant: number;
}

const W = 800;
const H = 600;

const FINISH_TONES: Record<Finish, [string, string, string]> = {
  white: ['#fbfbf9', '#e2e2de', '#a9a9a3'],
  bronze: ['#9b7a5a', '#65492f', '#3a2a1c'],
  brass: ['#f1d68a', '#c9a144', '#7d6122'],
  nickel: ['#eef0f1', '#b9bdc0', '#73787c'],
  black: ['#6b6b6b', '#303030', '#111111'],
  almond: ['#f3ead6', '#d9cbab', '#a3936f'],
};

const BACKGROUNDS = [
  { top: '#efeeeb', bottom: '#d9d7d2', grid: null },
  { top: '#f1ebe1', bottom: '#ddd3c3', grid: null },
  { top: '#e6ebef', bottom: '#cfd7dd', grid: null },
  { top: '#4d7a66', bottom: '#3c6453', grid: '#6f9a86' },
  { top: '#d3b48a', bottom: '#b8956a', grid: null },
] as const;

function defs(finish: Finish, spec: PictureSpec): string {
  const [light, mid, dark] = FINISH_TONES[finish];
  const bg = BACKGROUNDS[spec.variant % BACKGROUNDS.length]!;
  return `<defs>
    <linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${bg.top}"/><stop offset="1" stop-color="${bg.bottom}"/></linearGradient>
    <radialGradient id="vignette" cx="0.5" cy="0.45" r="0.75"><stop offset="0.6" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.18"/></radialGradient>
    <linearGradient id="metalV" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${light}"/><stop offset="0.45" stop-color="${mid}"/><stop offset="1" stop-color="${dark}"/></linearGradient>
    <linearGradient id="metalH" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="${dark}"/><stop offset="0.35" stop-color="${light}"/><stop offset="1" stop-color="${mid}"/></linearGradient>
    <linearGradient id="metalD" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${light}"/><stop offset="0.6" stop-color="${mid}"/><stop offset="1" stop-color="${dark}"/></linearGradient>
    <linearGradient id="steel" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#f2f4f5"/><stop offset="0.5" stop-color="#aab1b6"/><stop offset="1" stop-color="#6c757b"/></linearGradient>
    <linearGradient id="tube" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${dark}"/><stop offset="0.25" stop-color="${light}"/><stop offset="0.55" stop-color="${mid}"/><stop offset="1" stop-color="${dark}"/></linearGradient>
    <radialGradient id="hole" cx="0.4" cy="0.4" r="0.7"><stop offset="0" stop-color="#1c1c1c"/><stop offset="0.7" stop-color="#3b3b3b"/><stop offset="1" stop-color="${mid}"/></radialGradient>
    <radialGradient id="coin" cx="0.35" cy="0.35" r="0.8"><stop offset="0" stop-color="#f4f5f6"/><stop offset="0.6" stop-color="#b8bcc0"/><stop offset="1" stop-color="#7c8186"/></radialGradient>
    <pattern id="hatch" width="10" height="10" patternUnits="userSpaceOnUse" patternTransform="rotate(45)"><rect width="10" height="10" fill="${light}"/><line x1="0" y1="0" x2="0" y2="10" stroke="${dark}" stroke-width="1.6"/></pattern>
  </defs>`;
}

function background(spec: PictureSpec): string {
  const bg = BACKGROUNDS[spec.variant % BACKGROUNDS.length]!;
  let out = `<rect width="${W}" height="${H}" fill="url(#bg)"/>`;
  if (bg.grid) {
    // A cutting mat: a 1 cm grid (25 px) gives the scale by itself.
    for (let x = 25; x < W; x += 25)
      out += `<line x1="${x}" y1="0" x2="${x}" y2="${H}" stroke="${bg.grid}" stroke-width="${x % 125 === 0 ? 1.6 : 0.7}"/>`;
    for (let y = 25; y < H; y += 25)
      out += `<line x1="0" y1="${y}" x2="${W}" y2="${y}" stroke="${bg.grid}" stroke-width="${y % 125 === 0 ? 1.6 : 0.7}"/>`;
  } else if (spec.variant % BACKGROUNDS.length === 4) {
    // Workbench grain.
    for (let i = 0; i < 14; i++) {
      const y = 20 + i * 43 + ((i * 17) % 11);
      out += `<path d="M0,${y} C200,${y - 8} 420,${y + 10} ${W},${y - 4}" stroke="#a9845a" stroke-width="${1 + (i % 3)}" fill="none" opacity="0.55"/>`;
    }
  }
  return out;
}

function ruler(y: number): string {
  // 25 px to the centimetre, 0-26 cm.
  const soft = [8, 5, 2]
    .map(
      (g) =>
        `<rect x="${77 - g}" y="${y + 9 - g}" width="${660 + 2 * g}" height="${56 + 2 * g}" rx="${3 + g}" fill="#000" opacity="0.09"/>`,
    )
    .join('');
  let out = `<g>${soft}<rect x="70" y="${y}" width="660" height="56" rx="3" fill="#f6e27a" stroke="#b89d2b"/>`;
  for (let mm = 0; mm <= 260; mm++) {
    const x = 80 + mm * 2.5;
    const len = mm % 10 === 0 ? 20 : mm % 5 === 0 ? 13 : 7;
    out += `<line x1="${x}" y1="${y}" x2="${x}" y2="${y + len}" stroke="#2b2b2b" stroke-width="${mm % 10 === 0 ? 1.4 : 0.8}"/>`;
    if (mm % 10 === 0) {
      out += `<text x="${x}" y="${y + 38}" font-family="DejaVu Sans, Liberation Sans, sans-serif" font-size="13" text-anchor="middle" fill="#2b2b2b">${mm / 10}</text>`;
    }
  }
  return `${out}<text x="722" y="${y + 50}" font-family="DejaVu Sans, sans-serif" font-size="10" text-anchor="end" fill="#5b5b5b">cm</text></g>`;
}

function coin(x: number, y: number): string {
  // A quarter (24 mm) at 25 px/cm.
  const soft = [8, 5, 2]
    .map((g) => `<circle cx="${x + 6}" cy="${y + 8}" r="${30 + g}" fill="#000" opacity="0.09"/>`)
    .join('');
  return `<g>${soft}<circle cx="${x}" cy="${y}" r="30" fill="url(#coin)" stroke="#6f7479" stroke-width="2"/>
    <circle cx="${x}" cy="${y}" r="25" fill="none" stroke="#8e9398" stroke-width="1.5" stroke-dasharray="2 2"/>
    <text x="${x}" y="${y + 6}" font-family="DejaVu Sans, sans-serif" font-size="16" font-weight="bold" text-anchor="middle" fill="#6b7075">25¢</text></g>`;
}

const screw = (x: number, y: number, r = 11) =>
  `<circle cx="${x}" cy="${y}" r="${r}" fill="url(#hole)"/><circle cx="${x}" cy="${y}" r="${r}" fill="none" stroke="#000" stroke-opacity="0.35"/>`;

const phillips = (x: number, y: number, r = 12) =>
  `<circle cx="${x}" cy="${y}" r="${r}" fill="url(#steel)" stroke="#4f575c"/>` +
  `<path d="M${x - r * 0.55},${y} H${x + r * 0.55} M${x},${y - r * 0.55} V${y + r * 0.55}" stroke="#2d3336" stroke-width="3" stroke-linecap="round"/>`;

function crank(spec: PictureSpec): string {
  const tilt = (spec.variant % 3) * 4 - 4;
  return `<g transform="rotate(${tilt} 400 260)">
    <rect x="110" y="185" width="240" height="150" rx="26" fill="url(#metalV)" stroke="#000" stroke-opacity="0.3" stroke-width="2"/>
    <rect x="124" y="198" width="212" height="30" rx="12" fill="#fff" opacity="0.18"/>
    ${screw(140, 300, 10)}${screw(320, 300, 10)}
    <ellipse cx="245" cy="258" rx="56" ry="50" fill="url(#metalD)" stroke="#000" stroke-opacity="0.25" stroke-width="2"/>
    <path d="M245,258 L505,214 Q560,205 590,236" stroke="url(#metalH)" stroke-width="30" stroke-linecap="round" fill="none"/>
    <path d="M252,248 L505,205" stroke="#fff" stroke-opacity="0.35" stroke-width="5" stroke-linecap="round"/>
    <circle cx="245" cy="258" r="36" fill="url(#metalV)" stroke="#000" stroke-opacity="0.3" stroke-width="2"/>
    <circle cx="245" cy="258" r="11" fill="#2a2a2a"/>
    ${Array.from({ length: 10 }, (_, i) => {
      const a = (i * Math.PI) / 5;
      return `<line x1="${245 + Math.cos(a) * 6}" y1="${258 + Math.sin(a) * 6}" x2="${245 + Math.cos(a) * 11}" y2="${258 + Math.sin(a) * 11}" stroke="#777" stroke-width="1.5"/>`;
    }).join('')}
    <circle cx="268" cy="236" r="5" fill="#222"/>
    <rect x="572" y="222" width="44" height="118" rx="20" fill="url(#metalH)" stroke="#000" stroke-opacity="0.3" stroke-width="2"/>
    <rect x="583" y="232" width="9" height="96" rx="4" fill="#fff" opacity="0.35"/>
  </g>`;
}

function roller(spec: PictureSpec): string {
  const tandem = spec.variant % 2 === 0;
  const wheels = tandem ? [310, 490] : [400];
  const tire = spec.finish === 'black' ? '#2c2c2c' : spec.finish === 'brass' ? '#d8b35a' : '#f1efe6';
  return `<g>
    <rect x="170" y="170" width="460" height="130" rx="12" fill="url(#steel)" stroke="#4d555a" stroke-width="2"/>
    <rect x="182" y="180" width="436" height="18" rx="8" fill="#fff" opacity="0.4"/>
    <rect x="150" y="205" width="40" height="60" rx="8" fill="url(#metalV)" stroke="#000" stroke-opacity="0.3"/>
    ${phillips(600, 232)}
    ${wheels
      .map(
        (cx) => `
      <circle cx="${cx}" cy="300" r="66" fill="${tire}" stroke="#000" stroke-opacity="0.35" stroke-width="3"/>
      <circle cx="${cx}" cy="300" r="54" fill="none" stroke="#000" stroke-opacity="0.12" stroke-width="6"/>
      <circle cx="${cx}" cy="300" r="30" fill="url(#steel)" stroke="#596166" stroke-width="2"/>
      <circle cx="${cx}" cy="300" r="20" fill="none" stroke="#7a8288" stroke-width="3" stroke-dasharray="5 4"/>
      <circle cx="${cx}" cy="300" r="9" fill="#3a4044"/>
      <path d="M${cx - 40},${258} A58,58 0 0 1 ${cx + 18},${246}" stroke="#fff" stroke-opacity="0.45" stroke-width="5" fill="none" stroke-linecap="round"/>`,
      )
      .join('')}
  </g>`;
}

function hinge(spec: PictureSpec): string {
  const tilt = (spec.variant % 3) * 5 - 5;
  const holes = [175, 300, 425];
  return `<g transform="rotate(${tilt} 400 300)">
    <rect x="185" y="120" width="210" height="360" rx="26" fill="url(#metalD)" stroke="#000" stroke-opacity="0.3" stroke-width="2"/>
    <rect x="405" y="120" width="210" height="360" rx="26" fill="url(#metalD)" stroke="#000" stroke-opacity="0.3" stroke-width="2"/>
    ${holes.map((y) => screw(280, y, 17) + screw(520, y, 17)).join('')}
    ${[0, 1, 2, 3, 4].map((i) => `<rect x="378" y="${116 + i * 73}" width="44" height="${i === 4 ? 72 : 72}" rx="8" fill="url(#metalH)" stroke="#000" stroke-opacity="0.35" stroke-width="1.5"/>`).join('')}
    <rect x="384" y="98" width="32" height="22" rx="8" fill="url(#metalH)" stroke="#000" stroke-opacity="0.35"/>
    <rect x="384" y="480" width="32" height="22" rx="8" fill="url(#metalH)" stroke="#000" stroke-opacity="0.35"/>
  </g>`;
}

function sashLock(spec: PictureSpec): string {
  const open = spec.variant % 2 === 1;
  return `<g>
    <path d="M170,300 C170,240 220,225 300,225 C380,225 430,240 430,300 C430,360 380,375 300,375 C220,375 170,360 170,300 Z" fill="url(#metalD)" stroke="#000" stroke-opacity="0.3" stroke-width="2"/>
    ${screw(205, 300, 12)}${screw(395, 300, 12)}
    <g transform="rotate(${open ? -35 : 0} 300 300)">
      <path d="M320,268 L560,282 Q604,284 606,300 Q604,316 560,318 L320,332 Z" fill="url(#metalV)" stroke="#000" stroke-opacity="0.35" stroke-width="2"/>
      <circle cx="300" cy="300" r="62" fill="url(#metalV)" stroke="#000" stroke-opacity="0.35" stroke-width="2"/>
      <path d="M252,262 A62,62 0 0 1 348,262" stroke="#fff" stroke-opacity="0.4" stroke-width="4" fill="none"/>
      <ellipse cx="575" cy="300" rx="20" ry="13" fill="#fff" opacity="0.25"/>
      <circle cx="300" cy="300" r="16" fill="url(#metalH)" stroke="#000" stroke-opacity="0.35"/>
    </g>
    <g transform="translate(${open ? 0 : 40} 0)">
      <path d="M560,380 H700 V420 H660 V455 H600 V420 H560 Z" fill="url(#metalD)" stroke="#000" stroke-opacity="0.3" stroke-width="2"/>
      ${screw(585, 400, 9)}${screw(680, 400, 9)}
    </g>
  </g>`;
}

function profile(_spec: PictureSpec): string {
  const glass = 'rgba(150,200,225,0.55)';
  return `<g>
    <path fill-rule="evenodd" fill="url(#hatch)" stroke="#333" stroke-width="2.5" d="
      M180,150 H250 V300 H610 V440 H180 Z
      M195,315 H285 V425 H195 Z M300,315 H420 V425 H300 Z M435,315 H595 V425 H435 Z
      M195,165 H235 V290 H195 Z"/>
    <rect x="262" y="80" width="12" height="220" fill="${glass}" stroke="#4b7d96" stroke-width="1.5"/>
    <rect x="338" y="80" width="12" height="220" fill="${glass}" stroke="#4b7d96" stroke-width="1.5"/>
    <rect x="274" y="262" width="64" height="26" fill="#7d8387" stroke="#444"/>
    <rect x="274" y="288" width="64" height="10" fill="#222"/>
    <path fill-rule="evenodd" fill="url(#metalD)" stroke="#333" stroke-width="2.5" d="M356,210 H400 V300 H356 V285 H380 V225 H356 Z"/>
    <circle cx="256" cy="220" r="7" fill="#1b1b1b"/><circle cx="356" cy="205" r="6" fill="#1b1b1b"/>
    <circle cx="610" cy="455" r="10" fill="#1b1b1b"/><circle cx="185" cy="455" r="10" fill="#1b1b1b"/>
    <g stroke="#333" stroke-width="1.2" fill="none">
      <path d="M180,480 V500 M610,480 V500 M180,492 H610"/>
      <path d="M180,492 l10,-5 v10 z M610,492 l-10,-5 v10 z" fill="#333"/>
    </g>
    <text x="395" y="515" font-family="DejaVu Sans, sans-serif" font-size="15" text-anchor="middle" fill="#333">3-1/4"</text>
    <path d="M430,250 L400,250" stroke="#c0392b" stroke-width="2.5"/><circle cx="434" cy="250" r="4" fill="#c0392b"/>
    <text x="442" y="256" font-family="DejaVu Sans, sans-serif" font-size="16" fill="#c0392b">bead?</text>
  </g>`;
}

function spiral(cx: number, cy: number, turns: number, r0: number, r1: number): string {
  const steps = turns * 48;
  const pts: string[] = [];
  for (let i = 0; i <= steps; i++) {
    const t = i / steps;
    const a = t * turns * Math.PI * 2;
    const r = r0 + (r1 - r0) * t;
    pts.push(`${(cx + Math.cos(a) * r).toFixed(1)},${(cy + Math.sin(a) * r).toFixed(1)}`);
  }
  return `M${pts.join(' L')}`;
}

function screenCorner(spec: PictureSpec): string {
  const key = spec.variant % 2 === 0 ? '#9aa0a4' : '#e9e5da';
  return `<g>
    <rect x="110" y="150" width="380" height="46" fill="url(#metalV)" stroke="#000" stroke-opacity="0.3" stroke-width="2"/>
    <rect x="110" y="150" width="46" height="320" fill="url(#metalH)" stroke="#000" stroke-opacity="0.3" stroke-width="2"/>
    <line x1="170" y1="172" x2="490" y2="172" stroke="#000" stroke-opacity="0.4" stroke-width="5"/>
    <line x1="133" y1="210" x2="133" y2="470" stroke="#000" stroke-opacity="0.4" stroke-width="5"/>
    <path d="M110,150 L156,196" stroke="#000" stroke-opacity="0.4" stroke-width="2"/>
    <g transform="translate(230 300)">
      <path d="M0,0 H120 V30 H30 V120 H0 Z" fill="${key}" stroke="#555" stroke-width="2"/>
      ${[20, 45, 70, 95].map((d) => `<line x1="${d + 20}" y1="3" x2="${d + 20}" y2="27" stroke="#555" stroke-opacity="0.6" stroke-width="2"/><line x1="3" y1="${d + 20}" x2="27" y2="${d + 20}" stroke="#555" stroke-opacity="0.6" stroke-width="2"/>`).join('')}
    </g>
    <path d="${spiral(580, 330, 7, 22, 110)}" stroke="#1f1f1f" stroke-width="8" fill="none" stroke-linecap="round"/>
    <path d="${spiral(580, 330, 7, 22, 110)}" stroke="#5a5a5a" stroke-width="2" fill="none" transform="translate(-1.5 -1.5)"/>
    <path d="M690,330 C705,380 660,430 600,450" stroke="#1f1f1f" stroke-width="8" fill="none" stroke-linecap="round"/>
  </g>`;
}

function closer(spec: PictureSpec): string {
  return `<g>
    <rect x="105" y="232" width="60" height="76" rx="10" fill="url(#metalV)" stroke="#000" stroke-opacity="0.3" stroke-width="2"/>
    <circle cx="130" cy="270" r="10" fill="#2a2a2a"/>
    <rect x="150" y="240" width="420" height="60" rx="30" fill="url(#tube)" stroke="#000" stroke-opacity="0.3" stroke-width="2"/>
    <rect x="555" y="236" width="22" height="68" rx="6" fill="url(#metalV)" stroke="#000" stroke-opacity="0.3"/>
    <rect x="577" y="261" width="140" height="18" rx="9" fill="url(#steel)" stroke="#596166"/>
    <rect x="${spec.variant % 2 ? 610 : 640}" y="246" width="10" height="48" rx="2" fill="url(#steel)" stroke="#4b5357"/>
    <rect x="700" y="250" width="44" height="40" rx="8" fill="url(#metalV)" stroke="#000" stroke-opacity="0.3"/>
    <circle cx="726" cy="270" r="8" fill="#2a2a2a"/>
    <path d="M240,392 H400 V410 H262 V470 H240 Z" fill="url(#metalD)" stroke="#000" stroke-opacity="0.35" stroke-width="2"/>
    ${screw(290, 401, 6)}${screw(340, 401, 6)}${screw(251, 440, 6)}
    <circle cx="528" cy="420" r="10" fill="url(#steel)" stroke="#555"/><rect x="524" y="400" width="8" height="70" rx="3" fill="url(#steel)" stroke="#555"/>
  </g>`;
}

function balance(spec: PictureSpec): string {
  const rodEnd = 690;
  let twist = '';
  for (let x = 540; x < rodEnd; x += 14)
    twist += `<path d="M${x},262 L${x + 10},288" stroke="#6e767b" stroke-width="3"/>`;
  return `<g transform="rotate(${spec.variant % 2 ? -6 : 4} 400 280)">
    <rect x="110" y="252" width="440" height="46" rx="6" fill="url(#tube)" stroke="#000" stroke-opacity="0.3" stroke-width="2"/>
    <circle cx="135" cy="275" r="8" fill="#222"/>
    <rect x="330" y="256" width="110" height="38" fill="#fdfdf8" stroke="#999"/>
    <text x="385" y="272" font-family="DejaVu Sans, sans-serif" font-size="12" text-anchor="middle" fill="#222">9/16 x 28</text>
    <text x="385" y="288" font-family="DejaVu Sans, sans-serif" font-size="11" text-anchor="middle" fill="#b03a2e">RED TIP</text>
    <rect x="540" y="262" width="${rodEnd - 540}" height="26" fill="url(#steel)" stroke="#5d656a"/>
    ${twist}
    <path d="M${rodEnd},258 h26 a16,16 0 0 1 0,34 h-26 Z" fill="#c0392b" stroke="#7b241c" stroke-width="2"/>
    <circle cx="${rodEnd + 24}" cy="275" r="6" fill="#5b1a14"/>
  </g>`;
}

const DRAWERS: Record<Drawing, (spec: PictureSpec) => string> = {
  crank,
  roller,
  hinge,
  'sash-lock': sashLock,
  profile,
  'screen-corner': screenCorner,
  closer,
  balance,
};

const svg = (body: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">${body}</svg>`;

/** The backdrop: surface (grain or grid), the ruler or coin for scale, and a soft vignette. */
export function backdropSvg(spec: PictureSpec): string {
  const scale =
    spec.variant % BACKGROUNDS.length === 3
      ? '' // the cutting mat's grid is the scale
      : spec.variant % 2 === 0
        ? ruler(518)
        : coin(700, 110);
  return svg(
    `${defs(spec.finish, spec)}${background(spec)}${scale}<rect width="${W}" height="${H}" fill="url(#vignette)"/>`,
  );
}

/** The hardware alone, on a transparent layer. */
export function subjectSvg(spec: PictureSpec): string {
  return svg(`${defs(spec.finish, spec)}${DRAWERS[spec.drawing](spec)}`);
}

interface Raw {
  data: Buffer;
  info: OutputInfo;
}
const raw = (image: Sharp): Promise<Raw> => image.raw().toBuffer({ resolveWithObject: true });
const fromRaw = ({ data, info }: Raw) =>
  sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } });

type Backdrops = Map<number, Promise<Raw>>;
// Backdrops depend only on the variant (surface and scale object): a seed renders each once.
const backdropFor = (backdrops: Backdrops, spec: PictureSpec) => {
  const key = spec.variant % 10;
  if (!backdrops.has(key))
    backdrops.set(key, raw(sharp(Buffer.from(backdropSvg({ ...spec, finish: 'nickel' }))).ensureAlpha()));
  return backdrops.get(key)!;
};

/**
 * The seed's pictures, one after another: as fast on two cores as all at once, and the forum process
 * keeps about 70 MB less afterwards (every libvips thread that worked holds on to its freed memory).
 * The backdrops are forgotten with the seed.
 */
export async function renderPictures(specs: PictureSpec[]): Promise<Buffer[]> {
  const backdrops: Backdrops = new Map();
  const pictures: Buffer[] = [];
  for (const spec of specs) pictures.push(await renderPicture(spec, backdrops));
  return pictures;
}

/** An 800x600 JPEG of one picture; the drop shadow is blurred by sharp (much faster than an SVG filter). */
export async function renderPicture(spec: PictureSpec, backdrops: Backdrops = new Map()): Promise<Buffer> {
  const [backdrop, subject] = await Promise.all([
    backdropFor(backdrops, spec),
    raw(sharp(Buffer.from(subjectSvg(spec))).ensureAlpha()),
  ]);
  // Blurred at quarter size and scaled back up: soft, and nearly free.
  const small = await raw(
    fromRaw(subject)
      .extractChannel(3)
      .resize(W / 4, H / 4)
      .blur(1.8)
      .linear(0.38, 0),
  );
  const alpha = await raw(
    fromRaw(small)
      .resize(W, H)
      .extract({ left: 0, top: 0, width: W - 7, height: H - 10 })
      .extractChannel(0),
  );
  const shadow = await raw(
    sharp({ create: { width: W - 7, height: H - 10, channels: 3, background: '#000' } }).joinChannel(alpha.data, {
      raw: { width: W - 7, height: H - 10, channels: 1 },
    }),
  );
  const layer = (r: Raw, left = 0, top = 0) => ({
    input: r.data,
    raw: { width: r.info.width, height: r.info.height, channels: r.info.channels },
    left,
    top,
  });
  return fromRaw(backdrop)
    .composite([layer(shadow, 7, 10), layer(subject)])
    .jpeg({ quality: 85 })
    .toBuffer();
}
