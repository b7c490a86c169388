import { Counter, Gauge } from 'prom-client';
import type { Deps } from '#server/context.ts';
import type { DbPressure } from '#server/db/connect.ts';
import { mailQueueCounts } from '#server/modules/mail/mail.service.ts';

// The server's parts as GET /metrics shows them, each read when the metrics are asked for, so
// that requests pay nothing for them (lib/metrics.ts has the per-request ones).

/** Registers, on the server's own registry, what it reads of `deps` at each scrape. */
export function watchServer(deps: Deps): void {
  const registers = [deps.metrics.registry];

  new Gauge({
    name: 'view_queue_length',
    help: 'Visits waiting to be written (modules/view)',
    registers,
    collect() {
      this.set(deps.views.visits.size);
    },
  });

  new Gauge({
    name: 'mail_queue_length',
    help: 'Mails in the database queue: waiting to go, or given up',
    labelNames: ['state'],
    registers,
    async collect() {
      // An unreachable database leaves the gauge out rather than failing the whole answer.
      const counts = await mailQueueCounts(deps).catch(() => undefined);
      this.reset();
      if (!counts) return;
      this.set({ state: 'waiting' }, counts.waiting);
      this.set({ state: 'failed' }, counts.failed);
    },
  });
  counterOf('mail_sent_total', 'Mails handed to the mail server', () => deps.mails.sent);
  counterOf('mail_send_failures_total', 'Tries to send a mail that failed (each is retried)', () => deps.mails.failures);
  counterOf('mail_given_up_total', 'Mails the queue stopped trying', () => deps.mails.givenUp);
  gaugeOf('live_streams_open', "Members' live streams open now (GET /api/events)", () => deps.live.open);

  new Counter({
    name: 'background_job_runs_total',
    help: 'Background jobs run (db/background.ts), by job and result',
    labelNames: ['job', 'result'],
    registers,
    collect() {
      this.reset();
      for (const [job, counts] of deps.jobRuns.byJob) {
        this.inc({ job, result: 'ok' }, counts.runs - counts.failures);
        this.inc({ job, result: 'failed' }, counts.failures);
      }
    },
  });

  if (deps.dialect === 'sqlite') {
    const sqlite = () => deps.dbPressure() as Extract<DbPressure, { dialect: 'sqlite' }>;
    counterOf('db_write_waits_total', 'SQLite writes that waited for another write to end', () => sqlite().writeWaits);
    counterOf('db_write_wait_seconds_total', 'Seconds SQLite writes waited for their turn', () => sqlite().writeWaitSeconds);
    gaugeOf('db_writes_waiting', 'SQLite writes waiting for their turn now', () => sqlite().writesWaiting);
  } else {
    const pool = () => deps.dbPressure() as Extract<DbPressure, { dialect: 'postgres' }>;
    gaugeOf('db_pool_connections', "PostgreSQL pool's open connections", () => pool().connections);
    gaugeOf('db_pool_idle', "PostgreSQL pool's idle connections", () => pool().idle);
    gaugeOf('db_pool_waiting', 'Queries waiting for a PostgreSQL connection', () => pool().waiting);
  }
  function counterOf(name: string, help: string, value: () => number) {
    new Counter({
      name,
      help,
      registers,
      collect() {
        this.reset();
        this.inc(value());
      },
    });
  }
  function gaugeOf(name: string, help: string, value: () => number) {
    new Gauge({
      name,
      help,
      registers,
      collect() {
        this.set(value());
      },
    });
  }
}
