import fs from 'node:fs';

// CPU time of processes, from Linux /proc (undefined elsewhere, or once the process is gone).
// /proc/<pid>/stat counts in clock ticks of 10 ms (USER_HZ is 100 on Linux). The name field may
// hold spaces, so fields are counted after its closing parenthesis: state, ppid, ..., utime (11),
// stime (12), cutime (13) and cstime (14), the last two the CPU of children it has waited for.

function statFields(pid: number): string[] | undefined {
  try {
    return fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(')').pop()?.trim().split(' ');
  } catch {
    return undefined;
  }
}

const ticksMs = (fields: string[], from: number, to: number) => fields.slice(from, to).reduce((sum, f) => sum + Number(f), 0) * 10;

/** utime + stime of one process (all its threads), in ms. */
export function processCpuMs(pid: number | undefined): number | undefined {
  const fields = pid === undefined ? undefined : statFields(pid);
  return fields && ticksMs(fields, 11, 13);
}

/** A process, its children now running, and those that have ended (in its cutime and cstime once
 * reaped), in ms: a PostgreSQL server, whose connections are each a child process. */
export function processTreeCpuMs(pid: number): number | undefined {
  const own = statFields(pid);
  if (!own) return undefined;
  let ms = ticksMs(own, 11, 15);
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const fields = statFields(Number(entry));
    if (fields && Number(fields[1]) === pid) ms += ticksMs(fields, 11, 15);
  }
  return ms;
}

/** The parent of a process. */
export function parentPid(pid: number): number | undefined {
  const fields = statFields(pid);
  return fields && Number(fields[1]);
}
