import { CardLink } from '../../components/ui/card-link.tsx';
import { ThumbnailCard, ThumbnailCards } from '../../components/ui/thumbnail-cards.tsx';
import type { BoardRecord } from '#shared/api.ts';

// The /organizations list: each organization's card, with its logo, links to its page.

export function OrganizationCards({ items, base }: { items: BoardRecord[]; base: string }) {
  return (
    <ThumbnailCards>
      {items.map((o) => (
        <ThumbnailCard key={o.id} image={o.image}>
          {o.category ? <span className="text-sm text-slate-500">{o.category}</span> : null}
          <CardLink
            to={`${base}/${o.id}`}
            rounded
            className="block font-semibold break-words group-hover:text-brand-700 group-hover:underline"
          >
            {o.title}
          </CardLink>
          {o.address ? <span className="mt-0.5 block truncate text-sm text-slate-600">{o.address}</span> : null}
          {o.tel ? <span className="block text-sm text-slate-600">{o.tel}</span> : null}
        </ThumbnailCard>
      ))}
    </ThumbnailCards>
  );
}
