import { alertsBench } from './alerts.bench.ts';
import { authBench } from './auth.bench.ts';
import { backupBench } from './backup.bench.ts';
import { contentBench } from './content.bench.ts';
import { eventsBench } from './events.bench.ts';
import { freshBench } from './fresh.bench.ts';
import { membersBench } from './members.bench.ts';
import { messagesBench } from './messages.bench.ts';
import { pagesBench } from './pages.bench.ts';
import { phoneBench } from './phone.bench.ts';
import { scamBench } from './scam.bench.ts';
import { searchBench } from './search.bench.ts';
import { sectionsBench } from './sections.bench.ts';
import { soakBench } from './soak.bench.ts';
import { trafficBench } from './traffic.bench.ts';
import { type Section, startRun, writeReport } from './lib/report.ts';

// npm run bench [-- section...]: runs the named sections (all but the long soak by default), writes each one's
// report to bench/results/ and prints it. Exits 1 when a target is missed.

const SECTIONS: Record<string, Section> = {
  auth: authBench,
  content: contentBench,
  search: searchBench,
  pages: pagesBench,
  phone: phoneBench,
  sections: sectionsBench,
  fresh: freshBench,
  traffic: trafficBench,
  members: membersBench,
  alerts: alertsBench,
  backup: backupBench,
  events: eventsBench,
  messages: messagesBench,
  scam: scamBench,
  // Not in the default run: it takes SOAK_MINUTES (30 by default) and then some.
  soak: soakBench,
};

const names = process.argv.slice(2);
const unknown = names.filter((n) => !(n in SECTIONS));
if (unknown.length > 0) {
  console.error(`unknown section: ${unknown.join(', ')}; known: ${Object.keys(SECTIONS).join(', ')}`);
  process.exit(2);
}
const seconds = Number(process.env.BENCH_SECONDS ?? 15);
if (!Number.isFinite(seconds) || seconds < 1) {
  console.error('BENCH_SECONDS must be a number of seconds, at least 1');
  process.exit(2);
}

for (const name of names.length > 0 ? names : Object.keys(SECTIONS).filter((n) => n !== 'soak')) {
  const section = SECTIONS[name] as Section;
  const context = startRun();
  const report = await section({ seconds });
  const { markdown, files } = writeReport(name, report, context);
  process.stdout.write(`${markdown}\n`);
  console.error(`written: ${files.join(', ')}`);
  if (!report.passed) process.exitCode = 1;
}
