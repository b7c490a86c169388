import { Link } from './link.tsx';
import { thumbnailOf } from '#shared/uploads.ts';

// The market's and the business directory's lists: cards with a 96 px thumbnail beside the text,
// one column on phones and two on desktops. What a card says is the section's own.

export function ThumbnailCards({ children }: { children: React.ReactNode }) {
  return <ul className="grid grid-cols-1 gap-3 lg:grid-cols-2">{children}</ul>;
}

/** One card: the whole card links to the item and shows the image's thumbnail; without a photo an
 * empty box keeps the text in line. */
export function ThumbnailCard({
  to,
  image,
  border = 'border-slate-200',
  children,
}: {
  to: string;
  image: string;
  /** The card's border colour (a premium listing stands out). */
  border?: string;
  children: React.ReactNode;
}) {
  return (
    <li>
      <Link to={to} className={`group flex gap-3 rounded-xl border ${border} bg-white p-3 hover:border-brand-600`}>
        {image ? (
          <img
            src={thumbnailOf(image)}
            alt=""
            width={96}
            height={96}
            loading="lazy"
            className="size-24 shrink-0 rounded-lg bg-slate-100 object-cover"
          />
        ) : (
          <span aria-hidden="true" className="size-24 shrink-0 rounded-lg bg-slate-100" />
        )}
        <span className="min-w-0 flex-1">{children}</span>
      </Link>
    </li>
  );
}
