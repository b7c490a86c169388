// One mailbox, however its address is spelled (security round three: three throwaway accounts
// from one inbox took down any post). Mail servers deliver `name+anything@host` to `name@host`,
// and Gmail ignores dots in the name too, so those spellings are one person for the rules that
// count people: one account per mailbox at sign-up, one reporter per mailbox.

const DOTLESS_DOMAINS = new Set(['gmail.com', 'googlemail.com']);

/** The mailbox an address delivers to: lower-cased, without a `+tag`, Gmail's dots dropped. */
export function mailboxOf(address: string): string {
  const at = address.lastIndexOf('@');
  if (at < 0) return address.toLowerCase();
  const domain = address.slice(at + 1).toLowerCase();
  let name = address.slice(0, at).toLowerCase().split('+')[0] ?? '';
  if (DOTLESS_DOMAINS.has(domain)) name = name.replaceAll('.', '');
  return `${name}@${domain === 'googlemail.com' ? 'gmail.com' : domain}`;
}
