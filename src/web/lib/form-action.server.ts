import { data } from 'react-router';
import { koreanDetail, Messages } from '#shared/messages.ts';
import type { Problems } from './field-problems.tsx';
import { statusOf } from './service-errors.server.ts';

// Forms sent without JavaScript reach a route's action, which calls the same service as the API.
// What it refuses comes back to the page with what was sent, so nothing typed is lost.

/** A posted form's fields by name (the last of a repeated name), as the shared schemas parse them. */
export async function formFields(request: Request): Promise<Record<string, FormDataEntryValue>> {
  const sent: Record<string, FormDataEntryValue> = {};
  (await request.formData()).forEach((value, name) => {
    sent[name] = value;
  });
  return sent;
}

/** A service's refusal as the form's answer: under the field it names when the form has that
 * field (else under `fallback`), with its Korean reason, and the refusal's own status. Faults
 * (5xx) are thrown on to entry.server, which answers them with Retry-After. */
export function refusedForm<T extends object>(err: unknown, sent: T, fields: readonly string[], fallback: string) {
  const status = statusOf(err);
  if (!status || status >= 500) throw err;
  const { field, message } = err as { field?: string; message: string };
  const problems: Problems = {
    [field && fields.includes(field) ? field : fallback]: koreanDetail({ detail: message }) ?? Messages.processingError,
  };
  return data({ ...sent, problems }, { status });
}
