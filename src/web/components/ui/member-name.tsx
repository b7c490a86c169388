import { REMOVED_MEMBER } from '#shared/conversations.ts';
import { memberPath } from '#shared/site.ts';
import { Link } from './link.tsx';

/** A member's nickname where they wrote something, a link to their profile; a name with no member
 * behind it (written by the site, or a member who left: 탈퇴한 회원) stays plain text. */
export function MemberName({ user, name, className = '' }: { user: number; name: string; className?: string }) {
  if (user <= 0 || name === REMOVED_MEMBER) return <span className={className}>{name}</span>;
  return (
    <Link to={memberPath(user)} className={`${className} hover:text-brand-700 hover:underline`}>
      {name}
    </Link>
  );
}
