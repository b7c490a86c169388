import { emailField, homepageField, telField, textField } from '../features/editor/write-fields.tsx';
import { OrganizationCards } from '../features/organizations/organization-list.tsx';
import { OrganizationPage } from '../features/organizations/organization-page.tsx';
import { boardKind, boardWrite } from './board.tsx';
import { type BodyProps, category } from './kind.ts';

// 한인단체: organizations' pages (PRODUCT.md "Organizations and events"), kept by staff and the
// members an admin names as an organization's editors: how to reach them, who runs them, when
// they are open, and their upcoming events.

function OrganizationBody({ item }: BodyProps) {
  return <OrganizationPage org={item} />;
}

export const organizations = boardKind({
  list: { filters: [category('organizations')], fields: ['image', 'tel', 'address'], Cards: OrganizationCards },
  Body: OrganizationBody,
  write: boardWrite({
    beforeText: [
      telField,
      emailField,
      textField('address', '주소', { wide: true, maxLength: 200 }),
      homepageField,
      textField('kakao', '카카오톡 오픈채팅', { type: 'url', inputMode: 'url', placeholder: 'https://open.kakao.com/o/...' }),
      textField('hours', '운영 시간', { wide: true, lines: 3, maxLength: 1000, placeholder: '예: 월~금 09:00~17:00' }),
      textField('officers', '임원진', { wide: true, lines: 4, maxLength: 2000, placeholder: '한 줄에 한 분씩: 회장 홍길동' }),
    ],
  }),
});
