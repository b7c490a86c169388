// Text that scams use (PRODUCT.md "Messages" and "Scam defence"): one rule set for private
// messages and for the market's, housing's and jobs' listings. A message's caution is shown to
// both members under it; a listing's is shown to its author before publishing. Each key's
// first match is the phrase the author is shown.

export const ScamWarnings = ['contact', 'prepay', 'exchange', 'mule'] as const;
export type ScamWarning = (typeof ScamWarnings)[number];

/** One caution a text earned, with the words that earned it. */
export interface FoundWarning {
  key: ScamWarning;
  phrase: string;
}

/** What each caution says, under the message that raised it and on a listing's write form. */
export const ScamWarningText: Record<ScamWarning, string> = {
  contact:
    '연락처(전화번호, 이메일, 카카오톡 아이디)를 주고받을 때는 조심하세요. 사이트 밖으로 대화를 옮기자는 요청은 사기에 자주 쓰입니다',
  prepay:
    '만나기 전에 돈을 먼저 보내라는 요청은 사기일 수 있습니다. 물건을 직접 확인한 뒤에 거래하고, 계좌이체나 Zelle·Venmo·기프트카드 선입금은 피하세요',
  exchange: '개인 간 환전은 사기와 불법 송금에 악용될 수 있습니다. 은행이나 등록된 환전소를 이용하세요',
  mule: '통장이나 계좌를 빌려주는 일은 범죄(대포통장)에 이용되며, 빌려준 사람도 처벌받을 수 있습니다',
};

/** A phone number as people type one: 010-1234-5678, (213) 555-1234, +1 213 555 1234, 01012345678.
 * Not a piece of a longer number: a run of 13 digits or more (an order number, a timestamp) is
 * none, as no phone number is written that long without a break. */
const PHONE = /(?<!\d)(?!\d{13})(?:\+?\d{1,3}[\s.-]?)?(?:\(\d{2,4}\)|\d{2,4})[\s.-]?\d{3,4}[\s.-]?\d{4}(?!\d)/;
const EMAIL = /[\w.+-]+@[\w-]+(?:\.[\w-]+)+/;
/** A KakaoTalk ID or open chat: 카톡, 카카오톡, 카톡 아이디, kakao, open.kakao.com. */
const KAKAO = /카톡|카카오\s*톡|카카오\s*아이디|오픈\s*채팅|kakao|katalk/i;
/** Money before meeting or seeing: deposits first, unseen flats, untraceable payments, and the
 * overpaid cheque whose difference is to be sent back. `wire` as a word (not wireless). */
const PREPAY =
  /선입금|입금\s*먼저|먼저\s*입금|계약금\s*먼저|먼저\s*계약금|보지\s*않고|계좌|송금|zelle|venmo|cash\s*app|\bwire\b|gift\s*cards?|기프트\s*카드|상품권|초과\s*입금|overpa(?:yment|y|id)/i;
const EXCHANGE = /환전|currency\s+exchange/i;
/** Money mules: renting out a bank book or account, or "high pay" that wants one (the plainest
 * words first, so the phrase shown is the shortest that says it). */
const MULE_RENT = /(?:통장|계좌)\s*(?:대여|임대|빌려|양도|매입|삽니다)/;
const MULE_ENGLISH = /(?:rent|lend|borrow)(?:ing)?\s+(?:out\s+)?(?:your\s+|my\s+|a\s+)?bank\s+account/i;
const MULE_HIGH_PAY = /고수익[\s\S]{0,80}?(?:통장|계좌)|(?:통장|계좌)[\s\S]{0,80}?고수익/;

const RULES: readonly { key: ScamWarning; patterns: readonly RegExp[] }[] = [
  { key: 'contact', patterns: [PHONE, EMAIL, KAKAO] },
  { key: 'prepay', patterns: [PREPAY] },
  { key: 'exchange', patterns: [EXCHANGE] },
  { key: 'mule', patterns: [MULE_RENT, MULE_ENGLISH, MULE_HIGH_PAY] },
];

/** A phrase an admin added to a caution (/admin/queue), found in any letter case. */
export interface ScamPhrase {
  key: ScamWarning;
  phrase: string;
}

/** The cautions a text earns, in the order above, each with the first words that earned it:
 * the built-in patterns' first, then the admins' phrases. */
export function findWarnings(text: string, added: readonly ScamPhrase[] = []): FoundWarning[] {
  const found: FoundWarning[] = [];
  const lower = added.length ? text.toLowerCase() : '';
  for (const { key, patterns } of RULES) {
    const phrase =
      patterns.map((p) => p.exec(text)?.[0]).find((m) => m !== undefined) ??
      added.find((a) => a.key === key && lower.includes(a.phrase.toLowerCase()))?.phrase;
    if (phrase !== undefined) found.push({ key, phrase: phrase.trim() });
  }
  return found;
}

/** The keys alone: a message's answer and its caution. */
export function warningKeys(text: string, added: readonly ScamPhrase[] = []): ScamWarning[] {
  return findWarnings(text, added).map((w) => w.key);
}

/** The cautions' names, where an admin picks one for a phrase. */
export const SCAM_WARNING_LABELS: Record<ScamWarning, string> = {
  contact: '연락처',
  prepay: '선입금',
  exchange: '환전',
  mule: '통장·계좌 대여',
};
