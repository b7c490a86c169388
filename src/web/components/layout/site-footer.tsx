import { Link } from '../ui/link.tsx';
import { InstallHint } from '../../features/app/install-hint.tsx';
import { useMe } from '../../lib/me.ts';
import { APP_CLICK } from '../../lib/deferred-hydration.ts';
import { openLogin } from '../../lib/screen-store.ts';
import { SHORTCUT_TARGETS, type ShortcutKeys, shortcutId } from '../../lib/shortcuts.ts';

/** The footer's links are the customer-centre and my-page shortcut targets (lib/shortcuts.ts). */
const GROUPS: ShortcutKeys[][] = [
  ['c', 'cf', 'ci'],
  ['m', 'mn', 'ml', 'mi', 'mm'],
];
/** Pages that need a session: a visitor gets the login dialog, then lands there (SPEC §2). */
const MEMBER_ONLY = /^\/(mypage|customer\/inquiry)(\/|$)/;

/** `year`: the site's (root.tsx), unknown only on an error page whose root loader failed. */
export function SiteFooter({ siteName, year }: { siteName: string; year: string | undefined }) {
  // The page is the same for visitors and members (it is shared): a member-only link is marked
  // for the deferred loader in every page, and whether it asks to log in is decided on the click.
  const me = useMe();
  return (
    <>
      {/* At the end of the page, in its flow: never over what is read. */}
      <InstallHint />
      <footer className="mt-16 border-t border-slate-200 bg-white">
        <div className="mx-auto max-w-6xl px-4 py-8 text-slate-600">
          <p className="font-semibold text-slate-800">{siteName}</p>
          <nav aria-label="사이트 안내" className="mt-3 grid gap-3 sm:grid-cols-2">
            {GROUPS.map((group) => (
              <ul key={group[0]} className="flex flex-wrap gap-x-5 gap-y-2">
                {group.map((keys, i) => {
                  const target = SHORTCUT_TARGETS.find((t) => t.keys === keys);
                  if (!target?.to) return null;
                  const to = target.to;
                  const membersOnly = MEMBER_ONLY.test(to);
                  return (
                    <li key={keys}>
                      <Link
                        to={to}
                        id={shortcutId(keys)}
                        {...(membersOnly ? APP_CLICK : {})}
                        onClick={(event) => {
                          if (!membersOnly || me || event.button !== 0 || event.ctrlKey || event.metaKey || event.shiftKey) return;
                          event.preventDefault();
                          openLogin({ url: to });
                        }}
                        className={`hover:text-brand-700 ${i === 0 ? 'font-semibold text-slate-800' : ''}`}
                      >
                        {target.label}
                      </Link>
                    </li>
                  );
                })}
              </ul>
            ))}
          </nav>
          <p className="mt-4 text-sm text-slate-500">{`© ${year ? `${year} ` : ''}${siteName}. 한인 커뮤니티를 위한 포털.`}</p>
        </div>
      </footer>
    </>
  );
}
