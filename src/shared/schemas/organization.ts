import { z } from 'zod';
import { positiveId } from './fields.ts';

/** How many members may keep one organization's page. */
export const ORGANIZATION_EDITORS_MAX = 20;

/** PUT /api/admin/organization/{id}/editors: the members who keep its page, all of them (an empty
 * list names none). */
export const OrganizationEditorsSchema = z.strictObject({
  users: z
    .array(positiveId, { error: '회원 번호의 목록을 보내 주세요' })
    .max(ORGANIZATION_EDITORS_MAX, { error: `편집자는 ${ORGANIZATION_EDITORS_MAX}명까지 지정할 수 있습니다` })
    .transform((ids) => [...new Set(ids)]),
});
export type OrganizationEditorsInput = z.output<typeof OrganizationEditorsSchema>;
