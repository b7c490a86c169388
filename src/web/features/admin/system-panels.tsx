import type { ReactNode } from 'react';
import { Form } from 'react-router';
import { formatDateTime, formatDuration, formatFileSize } from '#shared/format.ts';
import type { SystemReport } from '#shared/schemas/system.ts';
import { buttonClass } from './admin-ui.tsx';

// The operator's page: a list of panels, each one part of the server. A part added later (the
// backups) is one more panel in the list.

/** One panel: a titled card whose facts are a definition list. */
export function Panel({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <li>
      <section aria-labelledby={`${id}-title`} className="h-full rounded-xl border border-slate-200 bg-white">
        <h2 id={`${id}-title`} className="border-b border-slate-200 px-4 py-3 text-lg font-bold">
          {title}
        </h2>
        <div className="px-4 py-3">{children}</div>
      </section>
    </li>
  );
}

/** Label and value pairs, one per row. */
function Facts({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2">
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="text-slate-600">{label}</dt>
          <dd className="min-w-0 font-semibold break-words">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

const count = (n: number, unit: string) => `${n.toLocaleString('ko-KR')}${unit}`;

/** A backup as the panel lists it (modules/backup's summary). */
export interface BackupRow {
  name: string;
  created: string;
  kind: 'sqlite' | 'postgres';
  bytes: number;
  seconds: number;
}

/** The backups: the latest, whether one is being written, and 지금 백업 (a plain POST form, so it
 * works without JavaScript; the route's action starts it and the page says so). */
export function BackupPanel({
  backups,
  running,
  notice,
  timeZone,
}: {
  backups: BackupRow[];
  running: boolean;
  notice: string | undefined;
  timeZone: string;
}) {
  return (
    <Panel id="backup" title="백업">
      <Facts
        rows={[
          ['상태', running ? '백업 중' : '대기'],
          ['최근 백업', backups[0] ? formatDateTime(backups[0].created, timeZone) : '아직 없음'],
          ['보관 중', count(backups.length, '개')],
        ]}
      />
      {backups.length > 0 && (
        <ul className="mt-4 divide-y divide-slate-100">
          {backups.map((b) => (
            <li key={b.name} className="py-2">
              <p className="font-mono text-sm break-all">{b.name}</p>
              <p className="text-sm text-slate-600">
                {formatDateTime(b.created, timeZone)} · {b.kind === 'sqlite' ? 'SQLite' : 'PostgreSQL'} · {formatFileSize(b.bytes)} ·{' '}
                {b.seconds.toLocaleString('ko-KR', { maximumFractionDigits: 1 })}초
              </p>
            </li>
          ))}
        </ul>
      )}
      <Form method="post" className="mt-4 flex flex-wrap items-center gap-3">
        <button type="submit" name="intent" value="backup" className={buttonClass.primary} disabled={running}>
          지금 백업
        </button>
        {notice ? (
          <p role="status" className="text-sm font-semibold text-slate-700">
            {notice}
          </p>
        ) : null}
      </Form>
    </Panel>
  );
}

export function SystemPanels({ report: r, timeZone, children }: { report: SystemReport; timeZone: string; children?: ReactNode }) {
  const cache = r.pageCache;
  return (
    <ul className="grid gap-4 lg:grid-cols-2">
      <Panel id="server" title="서버">
        <Facts
          rows={[
            ['버전', r.version],
            ['커밋', r.commit ?? '알 수 없음'],
            ['가동 시간', formatDuration(r.uptimeSeconds)],
            ['시작 시각', formatDateTime(r.startedAt, timeZone)],
          ]}
        />
      </Panel>
      <Panel id="database" title="데이터베이스와 디스크">
        <Facts
          rows={[
            ['종류', r.database.kind === 'sqlite' ? 'SQLite' : 'PostgreSQL'],
            ['크기', formatFileSize(r.database.bytes)],
            ['남은 디스크', `${formatFileSize(r.disk.free)} / ${formatFileSize(r.disk.total)}`],
          ]}
        />
      </Panel>
      <Panel id="traffic" title="요청">
        <Facts
          rows={[
            ['페이지 캐시 적중률', cache.ratio === null ? '아직 없음' : `${(cache.ratio * 100).toFixed(1)}%`],
            ['캐시 적중 / 전체', `${count(cache.hits, '회')} / ${count(cache.hits + cache.misses, '회')}`],
            ['최근 1시간 서버 오류', count(r.errorsLastHour, '건')],
          ]}
        />
      </Panel>
      <Panel id="mail" title="메일 발송 대기열">
        <Facts
          rows={[
            ['발송 대기', count(r.mail.waiting, '통')],
            ['발송 실패', count(r.mail.failed, '통')],
          ]}
        />
        {r.mail.failedMails.length > 0 && (
          <>
            <h3 className="mt-4 mb-2 font-bold">실패한 메일</h3>
            <ul className="divide-y divide-slate-100">
              {r.mail.failedMails.map((m) => (
                <li key={m.id} className="py-2">
                  <p className="font-semibold break-words">{m.subject}</p>
                  <p className="text-sm text-slate-600">
                    {m.to} · {count(m.attempts, '회 시도')} · {formatDateTime(m.date, timeZone)}
                  </p>
                  <p className="mt-1 font-mono text-sm break-all text-red-700">{m.error}</p>
                </li>
              ))}
            </ul>
          </>
        )}
      </Panel>
      {children}
    </ul>
  );
}
