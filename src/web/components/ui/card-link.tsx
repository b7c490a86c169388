import { Link } from './link.tsx';

/** The class of a card's own link (CardLink, app.css): what a plain <a> takes where the card is one. */
export const STRETCHED_LINK = 'stretched-link';

/** A list card's own link, on its title: its ::after covers the card (the nearest `relative` box),
 * so a tap anywhere on the card opens the item, while a link raised above it (the author's
 * nickname, CardMemberName) stays a link of its own: no link inside a link, and no script. The
 * keyboard focus ring is drawn around the whole card, which is what the link opens. */
export function CardLink({
  to,
  rounded = false,
  className = '',
  children,
}: {
  to: string;
  /** On a card with rounded corners (ThumbnailCard): the focus ring follows them. */
  rounded?: boolean;
  className?: string;
  children: React.ReactNode;
}) {
  return (
    <Link to={to} className={`${className} ${STRETCHED_LINK} ${rounded ? 'after:rounded-xl' : ''}`}>
      {children}
    </Link>
  );
}
