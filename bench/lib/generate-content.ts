import fs from 'node:fs';
import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { connect } from '../../src/server/db/connect.ts';
import { upgradeToLatest } from '../../src/server/upgrade.ts';

// Loads a benchmark database straight into SQLite: N board posts across the sections plus jobs,
// businesses, housing listings (BENCH_HOUSING, 100,000 by default) and authors, with Korean titles and short HTML bodies built from word lists. The
// schema comes from the real migrations; the rows go in through prepared statements in large
// transactions, which is how an operator would import an existing site.

const SECTIONS = [
  { topcategory: 1, share: 0.15, categories: ['정치', '경제', '사회', '이민', '교육', '문화'] },
  { topcategory: 2, share: 0.1, categories: ['생활팁', '부동산', '자동차', '건강', '법률', '세금'] },
  { topcategory: 4, share: 0.25, categories: ['가구', '전자제품', '의류', '유아용품', '자동차', '기타'] },
  { topcategory: 5, share: 0.4, categories: ['자유게시판', '질문답변', '모임', '맛집', '육아'] },
  { topcategory: 7, share: 0.05, categories: ['한인회', '종교', '교육', '봉사', '문화'] },
  { topcategory: 8, share: 0.05, categories: ['회원', '게시판', '광고', '기타'] },
];
export const LOCATIONS = ['LA', '토런스', '어바인', '풀러턴', '가든그로브', '부에나파크', '글렌데일', '한인타운'];
/** The words titles and bodies are made of (and what a benchmark searches for). */
export const WORDS = [
  '이사',
  '렌트',
  '식당',
  '맛집',
  '서울',
  '김치',
  '병원',
  '학원',
  '아파트',
  '중고',
  '자동차',
  '세금',
  '보험',
  '이민',
  '비자',
  '한인타운',
  '주말',
  '모임',
  '교회',
  '골프',
  '등산',
  '육아',
  '학교',
  '취업',
  '알바',
  '커피',
  '카페',
  '미용실',
  '치과',
  '한의원',
  '마트',
  '세일',
  '무료',
  '나눔',
  '정보',
  '추천',
  '질문',
  '후기',
  '공유',
  '구합니다',
  '팝니다',
  '삽니다',
  'LA',
  'Costco',
  'Target',
];
const BUSINESS_CATEGORIES = ['식당', '카페', '병원', '치과', '한의원', '부동산', '보험', '법률', '회계', '미용', '학원', '마트'];

/** A small deterministic generator, so every run loads the same data. */
function random(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

/** The section a uniform draw in [0, 1) falls into, by the sections' shares. */
function pickSection(r: number): (typeof SECTIONS)[number] {
  let acc = 0;
  for (const s of SECTIONS) {
    acc += s.share;
    if (r < acc) return s;
  }
  return SECTIONS[SECTIONS.length - 1] as (typeof SECTIONS)[number];
}

export interface GeneratedCounts {
  board: number;
  jobs: number;
  business: number;
  reviews: number;
  housing: number;
  users: number;
  seconds: number;
  fileBytes: number;
}

export async function generateContentDatabase(dataDir: string, posts: number): Promise<GeneratedCounts> {
  const started = performance.now();
  fs.mkdirSync(dataDir, { recursive: true });
  const conn = connect({ dataDir });
  await upgradeToLatest(conn.db, conn.dialect);
  await conn.close();

  const db = new DatabaseSync(path.join(dataDir, 'portal.sqlite'));
  db.exec('PRAGMA journal_mode = WAL; PRAGMA synchronous = OFF;');
  const rnd = random(20261122);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rnd() * list.length)] as T;
  const words = (n: number) => Array.from({ length: n }, () => pick(WORDS)).join(' ');
  const now = Date.now();
  const span = 3 * 365 * 86400_000;
  // Ids grow with time, as on a real site.
  const dateOf = (i: number, total: number) => new Date(now - span + Math.floor((span * i) / total)).toISOString();

  const users = 1000;
  const userStmt = db.prepare(
    "insert into users (loginid, passwd, name, nickname, nicknamekey, email, tel, hp, level, status, use, remark, logindate, lastchangepasswddate, date) values (?, ?, ?, ?, ?, ?, '', '', 1, 1, 1, '', ?, ?, ?)",
  );
  db.exec('begin');
  for (let u = 1; u <= users; u++) {
    const d = dateOf(u, users);
    userStmt.run(`bench${u}@bench.example`, '!', `회원${u}`, `벤치회원${u}`, `벤치회원${u}`, `bench${u}@bench.example`, d, d, d);
  }
  db.exec('commit');

  const boardStmt = db.prepare(
    `insert into board (title, content, etitle, econtent, image, images, comment, location, free, marketstatus, parent, language, korean, english, status, topcategory, category, subcategory, price, count, "like", name, user, hidden, date)
     values (?, ?, '', '', '', '[]', ?, ?, ?, ?, 0, 1, 1, 0, 1, ?, ?, '', ?, ?, ?, ?, ?, 0, ?)`,
  );
  const BATCH = 50_000;
  for (let i = 0; i < posts; i++) {
    if (i % BATCH === 0) db.exec('begin');
    const section = pickSection(rnd());
    const user = 1 + Math.floor(rnd() * users);
    const market = section.topcategory === 4;
    const free = market && rnd() < 0.1 ? 2 : 1;
    boardStmt.run(
      `${words(3)} ${pick(WORDS)}${i % 7 === 0 ? '에서' : ''} ${i}`,
      `<p>${words(25)}</p><p>${words(20)}</p>`,
      Math.floor(rnd() * 12),
      pick(LOCATIONS),
      free,
      market && rnd() < 0.3 ? 2 : 1,
      section.topcategory,
      pick(section.categories),
      market && free === 1 ? Math.round(rnd() * 200000) / 100 : 0,
      Math.floor(rnd() * 500),
      Math.floor(rnd() * 40),
      `벤치회원${user}`,
      user,
      dateOf(i, posts),
    );
    if (i % BATCH === BATCH - 1 || i === posts - 1) db.exec('commit');
  }

  const jobs = Math.round(posts / 10);
  const jobsStmt = db.prepare(
    `insert into jobs (title, content, type, companyname, tel, url, manager, email, category, location, employmenttype, limitdate, status, count, "like", name, user, hidden, date)
     values (?, ?, ?, ?, '', '', '', '', ?, ?, ?, ?, 1, ?, ?, ?, ?, 0, ?)`,
  );
  db.exec('begin');
  for (let i = 0; i < jobs; i++) {
    const user = 1 + Math.floor(rnd() * users);
    const limit = new Date(now + (rnd() - 0.5) * 120 * 86400_000).toISOString().slice(0, 10);
    jobsStmt.run(
      `${words(2)} 구인 ${i}`,
      `<p>${words(20)}</p>`,
      rnd() < 0.7 ? 1 : 2,
      `${pick(WORDS)}상사`,
      pick(['식당', '사무직', '운전', '미용', '교육']),
      pick(LOCATIONS),
      pick(['정규직', '파트타임', '계약직']),
      rnd() < 0.2 ? '' : limit,
      Math.floor(rnd() * 300),
      Math.floor(rnd() * 20),
      `벤치회원${user}`,
      user,
      dateOf(i, jobs),
    );
  }
  db.exec('commit');

  const business = Math.round(posts / 20);
  const bizStmt = db.prepare(
    `insert into business (category, subcategory, title, tel, address, url, location, starttime, endtime, weekendstarttime, weekendendtime, breakstarttime, breakendtime, image, content, type, main, count, "like", name, user, hidden, date)
     values (?, '', ?, '(213) 555-0100', ?, '', ?, ?, ?, '', '', ?, ?, '', ?, ?, ?, ?, ?, ?, ?, 0, ?)`,
  );
  db.exec('begin');
  for (let i = 0; i < business; i++) {
    const user = 1 + Math.floor(rnd() * users);
    const open = 7 + Math.floor(rnd() * 5);
    const withBreak = rnd() < 0.3;
    bizStmt.run(
      pick(BUSINESS_CATEGORIES),
      `${pick(WORDS)} ${pick(BUSINESS_CATEGORIES)} ${i}`,
      `${100 + (i % 3000)} Wilshire Blvd`,
      pick(LOCATIONS),
      `${String(open).padStart(2, '0')}:00`,
      `${String(open + 10).padStart(2, '0')}:00`,
      withBreak ? '15:00' : '',
      withBreak ? '17:00' : '',
      `<p>${words(15)}</p>`,
      rnd() < 0.05 ? 2 : 1,
      rnd() < 0.02 ? 2 : 1,
      Math.floor(rnd() * 300),
      Math.floor(rnd() * 30),
      `벤치회원${user}`,
      user,
      dateOf(i, business),
    );
  }
  db.exec('commit');

  // Reviews of the businesses (issue #36): BENCH_REVIEWS per business on average (10: 500,000 at
  // 1M posts), each by another member, once; then each business's kept average and count, as the
  // review service keeps them, so the list sorted by rating reads no review.
  const perBusiness = Number(process.env.BENCH_REVIEWS ?? 10);
  const reviewStmt = db.prepare('insert into business_reviews (business, user, rating, content, hidden, date) values (?, ?, ?, ?, 0, ?)');
  let reviews = 0;
  db.exec('begin');
  for (let b = 1; b <= business; b++) {
    const count = Math.floor(rnd() * perBusiness * 2);
    // Distinct members: a stride through them from a random start.
    const start = Math.floor(rnd() * users);
    for (let k = 0; k < Math.min(count, users); k++) {
      reviewStmt.run(b, 1 + ((start + k * 7) % users), 1 + Math.floor(rnd() * 5), `<p>${words(8)}</p>`, dateOf(b, business));
      reviews++;
    }
  }
  db.exec(`update business set
    reviews = (select count(*) from business_reviews r where r.business = business.id and r.hidden = 0),
    rating = coalesce((select round(avg(r.rating), 1) from business_reviews r where r.business = business.id and r.hidden = 0), 0)`);
  db.exec('commit');

  // Homes of every kind (1 렌트 ... 5 매매), open and bumped when written.
  const housing = Number(process.env.BENCH_HOUSING ?? 100_000);
  const homeStmt = db.prepare(
    `insert into housing (title, content, kind, rent, deposit, price, movein, lease, bedrooms, bathrooms, furnished, utilities, pets, parking, gender, location, address, status, tel, email, count, "like", comment, name, user, hidden, date, bumpdate)
     values (?, ?, ?, ?, ?, ?, ?, 12, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, '(213) 555-0100', '', ?, ?, 0, ?, ?, 0, ?, ?)`,
  );
  db.exec('begin');
  for (let i = 0; i < housing; i++) {
    const user = 1 + Math.floor(rnd() * users);
    const kind = 1 + Math.floor(rnd() * 5);
    const sale = kind === 5;
    const rent = sale ? 0 : Math.round(600 + rnd() * 3400);
    const date = dateOf(i, housing);
    const yesNo = () => (rnd() < 0.5 ? 1 : 2);
    homeStmt.run(
      `${pick(LOCATIONS)} ${pick(['원룸', '투룸', '룸메이트', '하숙', '서블렛', '콘도'])} ${words(2)} ${i}`,
      `<p>${words(20)}</p>`,
      kind,
      rent,
      sale ? 0 : rent,
      sale ? Math.round(300_000 + rnd() * 900_000) : 0,
      rnd() < 0.4 ? '' : new Date(now + rnd() * 90 * 86400_000).toISOString().slice(0, 10),
      Math.floor(rnd() * 4),
      1 + Math.floor(rnd() * 4) / 2,
      yesNo(),
      yesNo(),
      yesNo(),
      yesNo(),
      1 + Math.floor(rnd() * 3),
      pick(LOCATIONS),
      `${100 + (i % 3000)} Wilshire Blvd #${i % 500}`,
      rnd() < 0.2 ? 2 : 1,
      Math.floor(rnd() * 300),
      Math.floor(rnd() * 30),
      `벤치회원${user}`,
      user,
      date,
      date,
    );
  }
  db.exec('commit');
  db.exec('PRAGMA wal_checkpoint(TRUNCATE); ANALYZE;');
  db.close();
  return {
    board: posts,
    jobs,
    business,
    reviews,
    housing,
    users,
    seconds: Math.round((performance.now() - started) / 100) / 10,
    fileBytes: fs.statSync(path.join(dataDir, 'portal.sqlite')).size,
  };
}
