import { findWarnings, type ScamPhrase, ScamWarnings } from '#shared/scam-warnings.ts';
import { htmlToText } from '#shared/text.ts';
import { databases } from './lib/databases.ts';
import { type BenchOptions, type Check, type SectionReport, table, targetsSection } from './lib/report.ts';
import { measurePhotoMatch, PHOTO_PROBES, type PhotoMatchResult, WARM_PROBES } from './lib/photo-match.ts';
import { median } from './lib/stats.ts';

// Scam defence (issue #37, PRODUCT.md "Scam defence"): the write-time check's CPU per listing, a
// 5,000-character text checked against the built-in rules and BENCH_SCAM_PHRASES admins' phrases
// (50 by default). Each figure is the median of rounds of BENCH_SCAM_CALLS calls (500 by default);
// the baseline, timed in the same run, is turning the same HTML into plain text, which every
// listing save does anyway, so the ratio says what the check adds to it. Then the copied-photo
// match at BENCH_PHOTO_HASHES photos (lib/photo-match.ts), on each database of BENCH_DATABASES.

const TARGET_MS = 1;
const PHOTO_TARGET_MS = 5;
const LENGTH = 5_000;
const ROUNDS = 15;

/** An ordinary listing's sentences, repeated to LENGTH characters: nothing to find, so every rule
 * reads the whole text (the slow case). */
function ordinaryHtml(): string {
  const sentences = [
    '아이 책상과 의자 세트 팝니다. 2019년에 산 것이고 상태 좋습니다.',
    '직접 와서 보고 가져가세요. 어바인 92618, 주말 오후 가능합니다.',
    'IKEA sofa 3 seats, 84x35 inches, pet-free and smoke-free home.',
    '방 2개 화장실 1.5개, 집 보신 뒤에 계약합니다. 주차 2대 가능.',
  ];
  let text = '';
  for (let i = 0; text.length < LENGTH; i++) text += `<p>${sentences[i % sentences.length]}</p>`;
  return text.slice(0, LENGTH);
}

/** The median of ROUNDS rounds, in microseconds per call. */
function medianMicros(calls: number, work: () => unknown): number {
  const perCall: number[] = [];
  for (let r = 0; r < ROUNDS; r++) {
    const start = process.hrtime.bigint();
    for (let i = 0; i < calls; i++) work();
    perCall.push(Number(process.hrtime.bigint() - start) / 1_000 / calls);
  }
  return median(perCall);
}

const photoCase = (p: PhotoMatchResult) =>
  p.sharedBuffers
    ? `${p.database}, shared_buffers ${p.sharedBuffers.value} (${p.sharedBuffers.setting === 'default' ? 'its default' : 'sized for the data'})`
    : p.database;

export async function scamBench(_options: BenchOptions): Promise<SectionReport> {
  const calls = Number(process.env.BENCH_SCAM_CALLS ?? 500);
  const phraseCount = Number(process.env.BENCH_SCAM_PHRASES ?? 50);
  const phrases: ScamPhrase[] = Array.from({ length: phraseCount }, (_, i) => ({
    key: ScamWarnings[i % ScamWarnings.length] ?? 'prepay',
    phrase: `관리자문구${i}`,
  }));
  const html = ordinaryHtml();
  const text = htmlToText(html);
  const warned = `${text.slice(0, LENGTH - 40)} Zelle 선입금, 카톡 주세요`;
  const baseline = medianMicros(calls, () => htmlToText(html));
  const cases: [string, () => unknown][] = [
    ['ordinary text, built-in rules', () => findWarnings(text)],
    [`ordinary text, with ${phraseCount} admins' phrases`, () => findWarnings(text, phrases)],
    [`warned text, with ${phraseCount} admins' phrases`, () => findWarnings(warned, phrases)],
  ];
  const rows = cases.map(([name, work]) => ({ name, micros: medianMicros(calls, work) }));
  const worst = Math.max(...rows.map((r) => r.micros));
  const hashes = Number(process.env.BENCH_PHOTO_HASHES ?? 1_000_000);
  const photos = [];
  for (const database of databases()) photos.push(...(await measurePhotoMatch(database, hashes)));
  const targeted = photos.filter((p) => p.sharedBuffers?.setting !== 'default');
  const checks: Check[] = [
    [`check of a ${LENGTH}-character text under ${TARGET_MS} ms`, `${(worst / 1000).toFixed(3)} ms`, worst < TARGET_MS * 1000],
    // The target holds for a server set up as docs/deployment.md says; the default is shown beside it.
    ...targeted.map(
      (p): Check => [
        `${photoCase(p)}: a photo matched among ${hashes.toLocaleString('en-US')} under ${PHOTO_TARGET_MS} ms (p99, copies and not)`,
        `${Math.max(p.unlike.p99, p.copy.p99)} ms`,
        Math.max(p.unlike.p99, p.copy.p99) < PHOTO_TARGET_MS,
      ],
    ),
    ...photos.map((p): Check => [`${photoCase(p)}: every copy found`, `${p.copy.found} of ${PHOTO_PROBES}`, p.copy.found === PHOTO_PROBES]),
  ];
  const markdown = [
    `A ${LENGTH}-character listing; medians of ${ROUNDS} rounds of ${calls} calls, in one process.`,
    '',
    table(
      ['Case', 'µs per call', 'Ratio to the baseline'],
      [
        ['baseline: its HTML to plain text', baseline.toFixed(1), '1.00'],
        ...rows.map((r) => [r.name, r.micros.toFixed(1), (r.micros / baseline).toFixed(2)]),
      ],
    ),
    '',
    `## Copied photos at ${hashes.toLocaleString('en-US')} listing photos`,
    '',
    `The band index filled with random 64-bit hashes, one listing each; then a new listing's photo matched as a save matches it: ${PHOTO_PROBES} photos like none of them, and ${PHOTO_PROBES} copies of stored ones with 3 bits changed (the first ${WARM_PROBES} of each warm up and are not counted).`,
    '',
    table(
      ['Database', 'fill s', 'unlike p50 ms', 'p99 ms', 'copy p50 ms', 'p99 ms', 'copies found'],
      photos.map((p) => [photoCase(p), p.fillSeconds, p.unlike.p50, p.unlike.p99, p.copy.p50, p.copy.p99, p.copy.found]),
    ),
    '',
    targetsSection(checks),
  ].join('\n');
  return {
    title: 'Scam defence: the write-time check and copied photos',
    markdown,
    data: { length: LENGTH, calls, phrases: phraseCount, baselineMicros: baseline, cases: rows, photos },
    passed: checks.every(([, , met]) => met),
  };
}
