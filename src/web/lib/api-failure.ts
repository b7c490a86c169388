import { koreanDetail, Messages } from '#shared/messages.ts';
import type { ApiFailure } from './api-client.ts';
import { openLogin, showMessage } from './screen-store.ts';

/** A refused call from a page's form or button: an ended session opens the login dialog; anything else is an
 * error toast with the server's Korean reason where it gave one. */
export function reportFailure(answer: ApiFailure): void {
  if (answer.status === 401) openLogin();
  else showMessage(koreanDetail(answer) ?? Messages.processingError, 'error');
}
