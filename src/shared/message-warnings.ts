// Private messages (PRODUCT.md "Messages"): text that scams use earns a caution shown to both
// members at the message. The send answer carries the keys; pages show the Korean text.

export const MessageWarnings = ['contact', 'prepay', 'exchange'] as const;
export type MessageWarning = (typeof MessageWarnings)[number];

/** What each caution says, under the message that raised it. */
export const MessageWarningText: Record<MessageWarning, string> = {
  contact:
    '연락처(전화번호, 이메일, 카카오톡 아이디)를 주고받을 때는 조심하세요. 사이트 밖으로 대화를 옮기자는 요청은 사기에 자주 쓰입니다',
  prepay:
    '만나기 전에 돈을 먼저 보내라는 요청은 사기일 수 있습니다. 물건을 직접 확인한 뒤에 거래하고, 계좌이체나 Zelle·Venmo·기프트카드 선입금은 피하세요',
  exchange: '개인 간 환전은 사기와 불법 송금에 악용될 수 있습니다. 은행이나 등록된 환전소를 이용하세요',
};

/** A phone number as people type one: 010-1234-5678, (213) 555-1234, +1 213 555 1234, 01012345678. */
const PHONE = /(?:\+?\d{1,3}[\s.-]?)?(?:\(\d{2,4}\)|\d{2,4})[\s.-]?\d{3,4}[\s.-]?\d{4}(?!\d)/;
const EMAIL = /[\w.+-]+@[\w-]+(?:\.[\w-]+)+/;
/** A KakaoTalk ID or open chat: 카톡, 카카오톡, 카톡 아이디, kakao, open.kakao.com. */
const KAKAO = /카톡|카카오\s*톡|카카오\s*아이디|오픈\s*채팅|kakao|katalk/i;
const PREPAY = /선입금|입금\s*먼저|먼저\s*입금|계좌|송금|zelle|venmo|cash\s*app|wire|gift\s*card|기프트\s*카드|상품권/i;
const EXCHANGE = /환전/;

/** The cautions a message's text earns, in the order above. */
export function messageWarnings(content: string): MessageWarning[] {
  const found: MessageWarning[] = [];
  if (PHONE.test(content) || EMAIL.test(content) || KAKAO.test(content)) found.push('contact');
  if (PREPAY.test(content)) found.push('prepay');
  if (EXCHANGE.test(content)) found.push('exchange');
  return found;
}
