import { thumbnailOf } from '#shared/uploads.ts';
import { CardLink } from './card-link.tsx';

// The market's and the business directory's lists: cards with a 96 px thumbnail beside the text,
// one column on phones and two on desktops. What a card says is the section's own.

export function ThumbnailCards({ children }: { children: React.ReactNode }) {
  return <ul className="grid grid-cols-1 gap-3 lg:grid-cols-2">{children}</ul>;
}

/** One card with the image's Thumbnail. The whole card opens the item through its title's
 * CardLink, which covers it. */
export function ThumbnailCard({
  image,
  border = 'border-slate-200',
  children,
}: {
  image: string;
  /** The card's border colour (a premium listing stands out). */
  border?: string;
  children: React.ReactNode;
}) {
  return (
    <li className={`group relative flex gap-3 rounded-xl border ${border} bg-white p-3 hover:border-brand-600`}>
      <Thumbnail image={image} size="card" />
      <div className="min-w-0 flex-1">{children}</div>
    </li>
  );
}

const THUMBNAIL_SIZES = {
  /** A list card's, 96 px. */
  card: { px: 96, className: 'size-24 rounded-lg' },
  /** A line of the front page's sections, 48 px. */
  line: { px: 48, className: 'size-12 rounded-md' },
} as const;

/** A listing photo's thumbnail, decorative beside its title; without a photo an empty box of the
 * same size keeps the lines' text in line. */
export function Thumbnail({ image, size }: { image: string; size: keyof typeof THUMBNAIL_SIZES }) {
  const { px, className } = THUMBNAIL_SIZES[size];
  return image ? (
    <img
      src={thumbnailOf(image)}
      alt=""
      width={px}
      height={px}
      loading="lazy"
      className={`${className} shrink-0 bg-slate-100 object-cover`}
    />
  ) : (
    <span aria-hidden="true" className={`${className} shrink-0 bg-slate-100`} />
  );
}

/** A listing card's title (market, housing), two lines at most: the card's own link. */
export function ListingCardTitle({ to, children }: { to: string; children: React.ReactNode }) {
  return (
    <CardLink to={to} rounded className="mt-1 line-clamp-2 font-medium group-hover:text-brand-700 group-hover:underline">
      {children}
    </CardLink>
  );
}
