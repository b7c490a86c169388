import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ROOT } from './server.ts';

// Each section's figures go to bench/results/<section>-<date>-<commit>.md/.json, so runs can be
// compared over time, plus latest-<section>.md for a stable link.

const RESULTS = path.join(ROOT, 'bench/results');

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

/** One section's run: what was measured, and how much other work shared the machine meanwhile. */
export interface RunContext {
  commit: string;
  /** Share of the machine's CPU time used by processes other than this benchmark and its
   * servers since the run started; such work lowers the figures. */
  otherCpu(): number;
}

/** Taken when a section starts: the tree may change while it runs (the commit names the code the
 * server loaded). */
export function startRun(): RunContext {
  const start = { machine: machineCpuMs(), own: ownCpuMs() };
  return {
    commit: commit(),
    otherCpu() {
      const machine = machineCpuMs();
      const busy = machine.busy - start.machine.busy;
      const other = busy - (ownCpuMs() - start.own);
      return Math.max(0, Math.round((other / (machine.total - start.machine.total)) * 100) / 100);
    },
  };
}

function machineCpuMs(): { busy: number; total: number } {
  let busy = 0;
  let idle = 0;
  for (const { times } of os.cpus()) {
    busy += times.user + times.nice + times.sys + times.irq;
    idle += times.idle;
  }
  return { busy, total: busy + idle };
}

/** This process and its finished children (the servers, once stopped): utime, stime, cutime and
 * cstime from /proc/self/stat, in 10 ms ticks. Fields are counted after the name's parenthesis. */
function ownCpuMs(): number {
  const fields = fs.readFileSync('/proc/self/stat', 'utf8').split(')').pop()?.trim().split(' ') ?? [];
  return fields.slice(11, 15).reduce((sum, f) => sum + Number(f), 0) * 10;
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
  };
}

/** One target: what it asks, what was measured, whether it was met. */
export type Check = [target: string, measured: string, met: boolean];

/** A report's closing section: every target and whether it was met. */
export function targetsSection(checks: readonly Check[]): string {
  return [
    '## Targets',
    '',
    table(
      ['Target', 'Measured', 'Result'],
      checks.map(([t, m, ok]) => [t, m, ok ? 'pass' : 'FAIL']),
    ),
  ].join('\n');
}

export function table(head: string[], rows: (string | number)[][]): string {
  const line = (cells: (string | number)[]) => `| ${cells.join(' | ')} |`;
  return [line(head), line(head.map(() => '---')), ...rows.map(line)].join('\n');
}

/** Writes the section's report files; answers the full Markdown and the paths written. */
export function writeReport(name: string, report: SectionReport, context: RunContext): { markdown: string; files: string[] } {
  const date = new Date();
  const sha = context.commit;
  const host = machine();
  const other = context.otherCpu();
  const markdown = [
    `# ${report.title}`,
    '',
    `- Date: ${date.toISOString()}`,
    `- Commit: ${sha}`,
    `- Machine: ${host.cpu}, ${host.cores} cores, ${host.memoryGiB} GiB, ${host.os}, Node ${host.node}`,
    `- Other work on the machine during the run: ${Math.round(other * 100)}% of its CPU time${other > 0.05 ? ' (figures may read low)' : ''}`,
    `- Result: ${report.passed ? 'all targets met' : 'TARGETS MISSED'}`,
    '',
    report.markdown.trim(),
    '',
  ].join('\n');
  const json = {
    section: name,
    date: date.toISOString(),
    commit: sha,
    machine: { ...host, otherCpuShare: other },
    passed: report.passed,
    ...report.data,
  };

  fs.mkdirSync(RESULTS, { recursive: true });
  const base = path.join(RESULTS, `${name}-${date.toISOString().slice(0, 10)}-${sha}`);
  const latest = path.join(RESULTS, `latest-${name}.md`);
  fs.writeFileSync(`${base}.md`, markdown);
  fs.writeFileSync(`${base}.json`, `${JSON.stringify(json, null, 2)}\n`);
  fs.writeFileSync(latest, markdown);
  return { markdown, files: [`${base}.md`, `${base}.json`, latest] };
}
