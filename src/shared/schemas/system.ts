import { z } from 'zod';

// What GET /api/admin/system answers and the operator's page (/admin/system) shows: one shape
// for the service, the page and the OpenAPI document.

const count = z.number().int().min(0);

/** A mail the queue gave up on, as the operator sees it (the recipient masked, no body). */
export const FailedMailSchema = z.object({
  id: z.number().int(),
  to: z.string(),
  subject: z.string(),
  /** The last try's error. */
  error: z.string(),
  attempts: count,
  /** When it was given up (ISO). */
  date: z.string(),
});

export const SystemReportSchema = z.object({
  version: z.string(),
  /** The git commit, else APP_COMMIT, else null (unknown). */
  commit: z.string().nullable(),
  /** When this server started (ISO) and for how many seconds it has run. */
  startedAt: z.string(),
  uptimeSeconds: count,
  database: z.object({ kind: z.enum(['sqlite', 'postgres']), bytes: count }),
  mail: z.object({ waiting: count, failed: count, failedMails: z.array(FailedMailSchema) }),
  /** This server's visitor page requests since its start, served from the page cache or drawn;
   * `ratio` is null before the first. */
  pageCache: z.object({ hits: count, misses: count, ratio: z.number().min(0).max(1).nullable() }),
  /** This server's answers with a 5xx status in the last hour. */
  errorsLastHour: count,
  /** Room in DATA_DIR's file system, in bytes. */
  disk: z.object({ free: count, total: count }),
});
export type SystemReport = z.infer<typeof SystemReportSchema>;
