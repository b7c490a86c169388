import sharp from 'sharp';
import type { Deps } from '#server/context.ts';
import { saveImage } from '#server/modules/upload/upload.service.ts';

// Demo pictures are drawn here, so seeding needs no network and the repository carries no image
// files: a two-colour gradient, a soft circle and a simple drawing of the subject. Shapes only,
// no captions: the server may have no Korean font, and Hangul would render as boxes.

const W = 800;
const H = 600;
const INK = '#ffffff';
const DARK = '#1d3557';

interface Picture {
  /** The name the upload keeps, as a member's phone would have sent it. */
  filename: string;
  colors: [string, string];
  shape: string;
}

const stroke = (width: number, color = INK) =>
  `fill="none" stroke="${color}" stroke-width="${width}" stroke-linecap="round" stroke-linejoin="round"`;
const steam = (xs: number[], top: number) => xs.map((x) => `<path d="M${x} ${top + 70} q-20 -35 0 -70" ${stroke(10)}/>`).join('');

const PICTURES = {
  // Market: what neighbours sell to each other.
  sofa: {
    filename: '소파.jpg',
    colors: ['#e9c46a', '#f4a261'],
    shape: `<rect x="210" y="240" width="380" height="170" rx="30" fill="${INK}"/>
      <rect x="150" y="290" width="100" height="150" rx="28" fill="${INK}" opacity="0.85"/>
      <rect x="550" y="290" width="100" height="150" rx="28" fill="${INK}" opacity="0.85"/>
      <rect x="190" y="440" width="22" height="40" fill="${INK}"/><rect x="588" y="440" width="22" height="40" fill="${INK}"/>`,
  },
  desk: {
    filename: '책상.jpg',
    colors: ['#a98467', '#6c584c'],
    shape: `<rect x="170" y="250" width="460" height="34" rx="8" fill="${INK}"/>
      <rect x="200" y="284" width="26" height="200" fill="${INK}"/><rect x="574" y="284" width="26" height="200" fill="${INK}"/>
      <rect x="430" y="284" width="144" height="110" rx="6" fill="${INK}" opacity="0.8"/>
      <rect x="300" y="160" width="120" height="90" rx="8" fill="${INK}" opacity="0.7"/>`,
  },
  tv: {
    filename: '티비.jpg',
    colors: ['#457b9d', '#1d3557'],
    shape: `<rect x="200" y="150" width="400" height="250" rx="16" fill="${INK}"/>
      <rect x="220" y="170" width="360" height="210" rx="6" fill="${DARK}" opacity="0.8"/>
      <rect x="380" y="400" width="40" height="50" fill="${INK}"/><rect x="310" y="450" width="180" height="16" rx="8" fill="${INK}"/>`,
  },
  car: {
    filename: '중고차.jpg',
    colors: ['#90e0ef', '#0077b6'],
    shape: `<path d="M260 300 L320 215 L490 215 L560 300 Z" fill="${INK}" opacity="0.85"/>
      <rect x="160" y="290" width="480" height="110" rx="45" fill="${INK}"/>
      <circle cx="280" cy="405" r="48" fill="${DARK}" stroke="${INK}" stroke-width="12"/>
      <circle cx="520" cy="405" r="48" fill="${DARK}" stroke="${INK}" stroke-width="12"/>`,
  },
  bicycle: {
    filename: '자전거.jpg',
    colors: ['#b7e4c7', '#2d6a4f'],
    shape: `<circle cx="250" cy="380" r="95" ${stroke(14)}/><circle cx="550" cy="380" r="95" ${stroke(14)}/>
      <polyline points="250,380 370,250 510,250 550,380 410,380 250,380" ${stroke(14)}/>
      <polyline points="410,380 350,220 320,220 380,220" ${stroke(14)}/><polyline points="510,250 495,195 540,185" ${stroke(14)}/>`,
  },
  stroller: {
    filename: '유모차.jpg',
    colors: ['#ffc8dd', '#cdb4db'],
    shape: `<path d="M250 310 A150 150 0 0 1 400 160 L400 310 Z" fill="${INK}"/>
      <rect x="240" y="300" width="320" height="100" rx="40" fill="${INK}" opacity="0.9"/>
      <polyline points="560,300 620,190 660,190" ${stroke(14)}/>
      <circle cx="300" cy="450" r="40" ${stroke(14)}/><circle cx="500" cy="450" r="40" ${stroke(14)}/>`,
  },
  pot: {
    filename: '냄비.jpg',
    colors: ['#ffb4a2', '#e5989b'],
    shape: `<ellipse cx="400" cy="250" rx="200" ry="30" fill="${INK}"/><rect x="380" y="200" width="40" height="30" rx="10" fill="${INK}"/>
      <rect x="220" y="260" width="360" height="190" rx="36" fill="${INK}" opacity="0.9"/>
      <rect x="160" y="290" width="70" height="26" rx="13" fill="${INK}"/><rect x="570" y="290" width="70" height="26" rx="13" fill="${INK}"/>
      ${steam([330, 400, 470], 90)}`,
  },
  books: {
    filename: '책.jpg',
    colors: ['#caf0f8', '#48cae4'],
    shape: `<rect x="230" y="390" width="340" height="60" rx="8" fill="${INK}"/>
      <rect x="260" y="325" width="300" height="60" rx="8" fill="${DARK}" opacity="0.7"/>
      <rect x="240" y="260" width="320" height="60" rx="8" fill="${INK}" opacity="0.9"/>
      <rect x="280" y="195" width="260" height="60" rx="8" fill="${DARK}" opacity="0.5"/>`,
  },
  shirt: {
    filename: '옷.jpg',
    colors: ['#d8f3dc', '#95d5b2'],
    shape: `<polygon points="310,170 360,155 400,195 440,155 490,170 610,260 555,330 510,295 510,470 290,470 290,295 245,330 190,260" fill="${INK}"/>`,
  },
  // Businesses: one picture per kind of shop.
  bowl: {
    filename: '한식당.jpg',
    colors: ['#f77f00', '#d62828'],
    shape: `<path d="M190 300 A210 170 0 0 0 610 300 Z" fill="${INK}"/><rect x="330" y="455" width="140" height="22" rx="11" fill="${INK}"/>
      <line x1="470" y1="140" x2="620" y2="290" ${stroke(10)}/><line x1="500" y1="125" x2="640" y2="275" ${stroke(10)}/>
      ${steam([320, 400], 170)}`,
  },
  cup: {
    filename: '카페.jpg',
    colors: ['#ddb892', '#7f5539'],
    shape: `<rect x="270" y="230" width="230" height="230" rx="34" fill="${INK}"/><circle cx="520" cy="330" r="55" ${stroke(24)}/>
      <ellipse cx="390" cy="475" rx="200" ry="24" fill="${INK}" opacity="0.85"/>${steam([340, 430], 120)}`,
  },
  clinic: {
    filename: '병원.jpg',
    colors: ['#a8dadc', '#457b9d'],
    shape: `<circle cx="400" cy="300" r="180" fill="${INK}"/>
      <rect x="350" y="180" width="100" height="240" rx="14" fill="#e63946"/><rect x="280" y="250" width="240" height="100" rx="14" fill="#e63946"/>`,
  },
  tooth: {
    filename: '치과.jpg',
    colors: ['#bde0fe', '#a2d2ff'],
    shape: `<path transform="translate(400 300) scale(1.5) translate(-400 -300)" fill="${INK}"
      d="M300 200 C300 150 370 150 400 175 C430 150 500 150 500 200 C500 260 480 300 470 360 C460 420 440 440 430 400 C420 360 410 330 400 330 C390 330 380 360 370 400 C360 440 340 420 330 360 C320 300 300 260 300 200 Z"/>`,
  },
  leaf: {
    filename: '한의원.jpg',
    colors: ['#ccd5ae', '#606c38'],
    shape: `<path d="M400 130 C580 200 580 400 400 480 C220 400 220 200 400 130 Z" fill="${INK}"/>
      <line x1="400" y1="160" x2="400" y2="520" ${stroke(10, '#606c38')}/>
      <line x1="400" y1="280" x2="480" y2="220" ${stroke(8, '#606c38')}/><line x1="400" y1="360" x2="320" y2="300" ${stroke(8, '#606c38')}/>`,
  },
  house: {
    filename: '부동산.jpg',
    colors: ['#ffe5ec', '#fb6f92'],
    shape: `<polygon points="190,300 400,140 610,300" fill="${INK}"/><rect x="240" y="300" width="320" height="190" fill="${INK}" opacity="0.9"/>
      <rect x="370" y="380" width="60" height="110" fill="${DARK}" opacity="0.6"/>
      <rect x="280" y="330" width="60" height="50" fill="${DARK}" opacity="0.4"/><rect x="460" y="330" width="60" height="50" fill="${DARK}" opacity="0.4"/>`,
  },
  office: {
    filename: '사무실.jpg',
    colors: ['#adb5bd', '#495057'],
    shape: `<rect x="330" y="180" width="140" height="80" rx="22" ${stroke(20)}/>
      <rect x="210" y="240" width="380" height="230" rx="26" fill="${INK}"/>
      <rect x="210" y="330" width="380" height="16" fill="#495057" opacity="0.5"/><rect x="380" y="320" width="40" height="36" rx="6" fill="#495057"/>`,
  },
  scissors: {
    filename: '미용실.jpg',
    colors: ['#e0aaff', '#7b2cbf'],
    shape: `<circle cx="320" cy="430" r="52" ${stroke(20)}/><circle cx="480" cy="430" r="52" ${stroke(20)}/>
      <line x1="350" y1="385" x2="490" y2="150" ${stroke(24)}/><line x1="450" y1="385" x2="310" y2="150" ${stroke(24)}/>`,
  },
  pencil: {
    filename: '학원.jpg',
    colors: ['#ffd166', '#ef476f'],
    shape: `<g transform="rotate(-30 400 300)"><rect x="200" y="265" width="320" height="70" fill="${INK}"/>
      <polygon points="520,265 620,300 520,335" fill="${INK}" opacity="0.8"/><rect x="170" y="265" width="40" height="70" rx="10" fill="#ef476f"/></g>
      <rect x="200" y="440" width="400" height="40" rx="8" fill="${INK}" opacity="0.7"/>`,
  },
  cart: {
    filename: '마트.jpg',
    colors: ['#80ed99', '#38a3a5'],
    shape: `<polyline points="170,190 240,190 290,400 560,400 610,250 255,250" ${stroke(18)}/>
      <rect x="300" y="200" width="70" height="60" rx="8" fill="${INK}" opacity="0.8"/><rect x="400" y="180" width="90" height="80" rx="8" fill="${INK}" opacity="0.8"/>
      <circle cx="320" cy="455" r="28" fill="${INK}"/><circle cx="530" cy="455" r="28" fill="${INK}"/>`,
  },
  // Community: people and places.
  people: {
    filename: '모임.jpg',
    colors: ['#fec89a', '#f08080'],
    shape: [260, 400, 540]
      .map(
        (x, i) =>
          `<circle cx="${x}" cy="${i === 1 ? 230 : 260}" r="55" fill="${INK}"/><path d="M${x - 85} 480 A85 150 0 0 1 ${x + 85} 480 Z" fill="${INK}" opacity="0.85"/>`,
      )
      .join(''),
  },
  landscape: {
    filename: '풍경.jpg',
    colors: ['#ffafcc', '#8ecae6'],
    shape: `<circle cx="590" cy="180" r="75" fill="#ffd166"/>
      <path d="M0 440 Q200 290 400 420 T800 380 L800 600 L0 600 Z" fill="${INK}" opacity="0.85"/>`,
  },
} as const satisfies Record<string, Picture>;

export type DemoImageKey = keyof typeof PICTURES;
/** Each picture's public upload path, by subject. */
export type DemoImages = Record<DemoImageKey, string>;

function svgOf(p: Picture): string {
  const [from, to] = p.colors;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">
    <defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
    <rect width="${W}" height="${H}" fill="url(#bg)"/>
    <circle cx="${W * 0.15}" cy="${H * 0.2}" r="160" fill="${INK}" opacity="0.12"/>
    ${p.shape}
  </svg>`;
}

/** Draws every picture and stores it like a member's upload (same checks, thumbnails, rows).
 * Rendering runs in parallel; storing one by one keeps the upload rows in a fixed order. */
export async function createDemoImages(deps: Deps, user: number): Promise<DemoImages> {
  const entries = Object.entries(PICTURES) as [DemoImageKey, Picture][];
  const jpegs = await Promise.all(
    entries.map(([, p]) =>
      sharp(Buffer.from(svgOf(p)))
        .jpeg({ quality: 85 })
        .toBuffer(),
    ),
  );
  const paths: Partial<DemoImages> = {};
  for (const [i, [key, p]] of entries.entries()) {
    paths[key] = (await saveImage(deps, { data: jpegs[i]!, filename: p.filename, user })).path;
  }
  return paths as DemoImages;
}
