// Whether the reader is typing into a form whose text a reload would lose (the update notice,
// features/app/update-notice.tsx, holds the reload until they are done). A form that keeps its
// text in React state says so with UNSAVED; a plain field is typed in once its value is no longer
// the one the page came with.

/** On a <form> whose typed text is not saved yet. */
export const UNSAVED = (typed: boolean) => (typed ? { 'data-unsaved': '' } : {});

const TEXT_INPUTS = ['text', 'email', 'url', 'tel', 'number', 'search', 'password'];

function isTyped(field: HTMLInputElement | HTMLTextAreaElement): boolean {
  if (field instanceof HTMLInputElement && !TEXT_INPUTS.includes(field.type)) return false;
  return field.value !== field.defaultValue;
}

export function hasUnsavedInput(): boolean {
  if (document.querySelector('form[data-unsaved]')) return true;
  return Array.from(document.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('form input, form textarea')).some(isTyped);
}
