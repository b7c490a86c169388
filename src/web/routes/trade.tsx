import { data, redirect } from 'react-router';
import { koreanDetail, Messages } from '#shared/messages.ts';
import { ReviewSaveSchema, SoldSchema } from '#shared/schemas/review.ts';
import { isPathId } from '#shared/schemas/fields.ts';
import { boardSectionOf, listOf, SECTIONS } from '#shared/sections.ts';
import { itemPath, tradePath } from '#shared/site.ts';
import { parseInput } from '#server/lib/parse-input.ts';
import { addReview, markSold, tradeFor } from '#server/modules/review/review.service.ts';
import { SALE_KINDS } from '#server/modules/content/content.service.ts';
import { SectionFrame } from '../components/layout/section-frame.tsx';
import { Link } from '../components/ui/link.tsx';
import { MemberName } from '../components/ui/member-name.tsx';
import { pageContext } from '../entry.server.tsx';
import { ReviewForm, SoldForm } from '../features/trade/trade-forms.tsx';
import { requireMemberPage } from '../lib/page-guards.server.ts';
import { orPageError, statusOf } from '../lib/service-errors.server.ts';
import { pageTitle } from '../lib/titles.ts';
import type { Route } from './+types/trade.ts';

// A sale's page for its two parties (PRODUCT.md "Members and trust"): the seller closes it with
// the buyer chosen among the members who wrote about it, then each reviews the other once. Drawn
// for its member alone; the same services as PUT /api/<kind>/{id}/sold and POST /api/review.

/** Where the item itself is read. */
function itemPageOf(target: string, item: { id: number; topcategory?: number }): string {
  const section = target === 'board' ? boardSectionOf(item.topcategory ?? 0) : SECTIONS.find((s) => s.storage.table === target);
  return section ? itemPath(listOf(section).path, item.id) : '/';
}

function tradeParams(params: { target: string; id: string }) {
  const target = SALE_KINDS.find((name) => name === params.target);
  if (!target || !isPathId(params.id)) throw data('찾는 거래가 없습니다', { status: 404 });
  return { target, id: Number(params.id) };
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  requireMemberPage(context);
  const { deps, caller } = context.get(pageContext);
  const { target, id } = tradeParams(params);
  const trade = await orPageError(tradeFor(deps, caller, target, id));
  const done = new URL(request.url).searchParams.get('done');
  return {
    siteName: deps.env.SITE_NAME,
    ...trade,
    itemPath: itemPageOf(target, trade.item),
    done: done === 'sold' || done === 'review' ? done : undefined,
  };
}

/** 거래완료 and the review, posted by the page's forms; a refusal comes back under its form with
 * what was chosen kept. */
export async function action({ request, params, context }: Route.ActionArgs) {
  requireMemberPage(context);
  const { deps, caller } = context.get(pageContext);
  const { target, id } = tradeParams(params);
  const form = await request.formData();
  const intent = form.get('intent') === 'sold' ? 'sold' : 'review';
  const sent = {
    rating: Number(form.get('rating') ?? 0),
    tags: form.getAll('tags').map(Number),
    content: String(form.get('content') ?? ''),
  };
  try {
    if (intent === 'sold') {
      const buyer = String(form.get('buyer') ?? '');
      await markSold(deps, caller, target, id, parseInput(SoldSchema, buyer ? { buyer: Number(buyer) } : {}));
    } else {
      await addReview(deps, caller, parseInput(ReviewSaveSchema, { target, item: id, ...sent }));
    }
  } catch (err) {
    const status = statusOf(err);
    if (!status || status >= 500) throw err;
    const message = koreanDetail({ detail: (err as Error).message }) ?? Messages.processingError;
    return data({ intent, message, sent }, { status });
  }
  throw redirect(`${tradePath(target, id)}?done=${intent}`, 303);
}

export function meta({ loaderData: d }: Route.MetaArgs) {
  return d ? [{ title: pageTitle(d.siteName, `거래 · ${d.item.title}`) }, { name: 'robots', content: 'noindex' }] : [];
}

export default function Page({ loaderData: d, actionData: refused }: Route.ComponentProps) {
  const other = d.other;
  return (
    <SectionFrame title="거래완료 · 거래후기" crumbs={[{ label: '거래' }, { label: d.item.title, to: d.itemPath }]}>
      <div className="max-w-2xl space-y-4">
        <p className="break-words">
          <Link to={d.itemPath} className="font-semibold text-brand-700 hover:underline">
            {d.item.title}
          </Link>
        </p>
        {d.done ? (
          <p role="status" className="rounded-xl bg-emerald-50 px-4 py-3 font-semibold text-emerald-800">
            {d.done === 'sold' ? '거래완료로 바꿨습니다.' : '후기를 남겼습니다. 고맙습니다.'}
          </p>
        ) : null}
        {d.seller && !other ? <SoldForm buyers={d.buyers} error={refused?.intent === 'sold' ? refused.message : undefined} /> : null}
        {other && d.mayReview ? (
          <ReviewForm
            other={other}
            error={refused?.intent === 'review' ? refused.message : undefined}
            sent={refused?.intent === 'review' ? refused.sent : undefined}
          />
        ) : null}
        {other && !d.mayReview ? (
          <p className="rounded-xl bg-slate-50 px-4 py-3">
            <MemberName user={other.id} name={other.nickname} className="font-semibold" />
            님에게 후기를 남겼습니다. 받은 후기는 프로필에서 볼 수 있습니다.
          </p>
        ) : null}
      </div>
    </SectionFrame>
  );
}
