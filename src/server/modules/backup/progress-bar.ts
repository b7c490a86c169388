import type { ProgressStep } from './backup-format.ts';

// The backup CLIs' progress: a bar redrawn in place on a terminal; elsewhere (a log, a cron mail)
// one plain line per stage and tenth, so the output stays readable.

const LABELS: Record<ProgressStep['stage'], string> = {
  verify: 'checking files',
  database: 'database',
  search: 'search index',
  uploads: 'uploads',
};
const WIDTH = 30;

export function formatBytes(bytes: number): string {
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  let n = bytes;
  let u = 0;
  while (n >= 1024 && u < units.length - 1) {
    n /= 1024;
    u++;
  }
  return `${n.toFixed(1)} ${units[u]}`;
}

function amount(n: number, unit: ProgressStep['unit']): string {
  return unit === 'bytes' ? formatBytes(n) : `${n.toLocaleString('en')} ${unit}`;
}

export function progressPrinter(out: NodeJS.WriteStream = process.stderr): { update(step: ProgressStep): void; end(): void } {
  let stage: string | undefined;
  let tenth = -1;
  let drawn = false;
  let drawnAt = 0;
  return {
    update(step) {
      const share = step.total > 0 ? Math.min(1, step.done / step.total) : 1;
      const label = LABELS[step.stage];
      if (out.isTTY) {
        // At most ten redraws a second, besides each stage's first and last.
        const now = performance.now();
        if (stage === step.stage && step.done < step.total && now - drawnAt < 100) return;
        drawnAt = now;
        if (stage !== undefined && stage !== step.stage) out.write('\n');
        const bar = '#'.repeat(Math.round(share * WIDTH)).padEnd(WIDTH, '.');
        out.write(
          `\r${label.padEnd(14)} [${bar}] ${String(Math.round(share * 100)).padStart(3)}% ${amount(step.done, step.unit)} / ${amount(step.total, step.unit)}\x1b[K`,
        );
        drawn = true;
      } else {
        const reached = Math.floor(share * 10);
        if (stage === step.stage && reached === tenth) return;
        tenth = reached;
        out.write(`${label}: ${reached * 10}% (${amount(step.done, step.unit)} / ${amount(step.total, step.unit)})\n`);
      }
      stage = step.stage;
    },
    end() {
      if (drawn) out.write('\n');
    },
  };
}
