import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ROOT } from './server.ts';

// Each section's figures go to bench/results/<section>-<date>-<commit>.md/.json, so runs can be
// compared over time, plus latest-<section>.md for a stable link.

const RESULTS = path.join(ROOT, 'bench/results');
/** Taken when the benchmark starts: other work on the machine shares the cores and lowers the
 * figures, so the report says how busy the machine was. */
const LOAD_BEFORE = Math.round((os.loadavg()[0] ?? 0) * 100) / 100;

export interface BenchOptions {
  /** Length of each measured load phase. */
  seconds: number;
}

/** A benchmark section: starts what it needs, measures, and reports. */
export type Section = (options: BenchOptions) => Promise<SectionReport>;

/** What a benchmark section hands back: its Markdown body, its figures, and whether it met its targets. */
export interface SectionReport {
  title: string;
  markdown: string;
  data: Record<string, unknown>;
  passed: boolean;
}

/** Short commit, with -dirty when the work tree differs from it (earlier results do not count). */
function commit(): string {
  const git = (...args: string[]) => execFileSync('git', args, { cwd: ROOT, encoding: 'utf8' }).trim();
  try {
    const dirty = git('status', '--porcelain', '--', '.', ':(exclude)bench/results') !== '';
    return git('rev-parse', '--short', 'HEAD') + (dirty ? '-dirty' : '');
  } catch {
    return 'unknown';
  }
}

function machine() {
  const cpus = os.cpus();
  return {
    cpu: cpus[0]?.model ?? 'unknown',
    cores: cpus.length,
    memoryGiB: Math.round((os.totalmem() / 2 ** 30) * 10) / 10,
    node: process.version,
    os: `${os.type()} ${os.release()}`,
    loadAverageBefore: LOAD_BEFORE,
  };
}

export function table(head: string[], rows: (string | number)[][]): string {
  const line = (cells: (string | number)[]) => `| ${cells.join(' | ')} |`;
  return [line(head), line(head.map(() => '---')), ...rows.map(line)].join('\n');
}

/** Writes the section's report files; answers the full Markdown and the paths written. */
export function writeReport(name: string, report: SectionReport): { markdown: string; files: string[] } {
  const date = new Date();
  const sha = commit();
  const host = machine();
  const markdown = [
    `# ${report.title}`,
    '',
    `- Date: ${date.toISOString()}`,
    `- Commit: ${sha}`,
    `- Machine: ${host.cpu}, ${host.cores} cores, ${host.memoryGiB} GiB, ${host.os}, Node ${host.node}`,
    `- Load average (1 min) before the run: ${host.loadAverageBefore}${host.loadAverageBefore > 0.5 ? ' (busy: other work shared the cores, figures may read low)' : ''}`,
    `- Result: ${report.passed ? 'all targets met' : 'TARGETS MISSED'}`,
    '',
    report.markdown.trim(),
    '',
  ].join('\n');
  const json = { section: name, date: date.toISOString(), commit: sha, machine: host, passed: report.passed, ...report.data };

  fs.mkdirSync(RESULTS, { recursive: true });
  const base = path.join(RESULTS, `${name}-${date.toISOString().slice(0, 10)}-${sha}`);
  const latest = path.join(RESULTS, `latest-${name}.md`);
  fs.writeFileSync(`${base}.md`, markdown);
  fs.writeFileSync(`${base}.json`, `${JSON.stringify(json, null, 2)}\n`);
  fs.writeFileSync(latest, markdown);
  return { markdown, files: [`${base}.md`, `${base}.json`, latest] };
}
