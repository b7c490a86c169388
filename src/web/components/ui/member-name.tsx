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

/** An author's nickname on a list card: raised above the card's own link (CardLink) so a tap on it
 * opens the profile, and on phones 44 px tall to tap, its padding taken back by negative margins
 * so the card's lines stay where they were. A long one (30 letters) ends in … within the card. */
export function CardMemberName({ user, name, className = '' }: { user: number; name: string; className?: string }) {
  return (
    <MemberName
      user={user}
      name={name}
      className={`relative z-10 inline-block max-w-full truncate align-top max-sm:-my-3 max-sm:py-3 ${className}`}
    />
  );
}
