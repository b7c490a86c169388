import type { ZodType } from 'zod';
import { AppError } from '#shared/errors.ts';
import { ErrorKey } from '#shared/messages.ts';

/** Parse input with a schema; the first problem becomes a 400 naming its field. Adapters parse
 * what a request brings; a service parses only what it builds itself (an edit merged over the
 * stored item). */
export function parseInput<S extends ZodType>(schema: S, input: unknown): S['_output'] {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const field = issue
    ? issue.path
        .map((p) => (typeof p === 'number' ? `[${p}]` : String(p)))
        .join('.')
        .replace(/\.\[/g, '[')
    : undefined;
  const detail = issue?.code === 'unrecognized_keys' ? `unknown field: ${issue.keys.join(', ')}` : issue?.message;
  throw new AppError(400, ErrorKey.invalid, {
    field: issue?.code === 'unrecognized_keys' ? issue.keys[0] : field || undefined,
    detail,
  });
}
