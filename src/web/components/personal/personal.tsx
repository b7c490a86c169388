import { type ComponentType, createContext, useContext } from 'react';
import { type Me, useMe } from '../../lib/me.ts';

// A personal part: a piece of a shared page drawn differently for each member (the header's
// account links, the like button). The server draws the page once, for a visitor, with each part
// inside a <me-slot>; for a member it swaps each slot's content for the part drawn for them
// (pages.ts, personal.server.tsx). `view` must draw from its props and `me` alone, with no router
// hooks (links: AppLink), since the server draws it outside the page; the browser draws the same
// view with the same props and `me`, so hydration meets exactly what was sent.
//
// A control that only differs in whether it is shown (a member's 신고, an author's 수정) needs no
// part: mark it with lib/me.ts's `forMembers`, `forOwner(...)` or `fromLevel(...)` instead.

/** The tag that bounds a part in the page's HTML. */
export const PART_TAG = 'me-slot';

declare module 'react' {
  namespace JSX {
    interface IntrinsicElements {
      'me-slot': React.DetailedHTMLProps<React.HTMLAttributes<HTMLElement>, HTMLElement>;
    }
  }
}

/** A part drawn into a shared page: which, and with what. */
export interface DrawnPart {
  name: string;
  props: Record<string, unknown>;
}

/** Where the server's render notes the parts it drew, in document order (entry.server.tsx). */
export const PartRecorder = createContext<DrawnPart[] | null>(null);

export type PartView<P> = ComponentType<P & { me: Me | null }>;

export function Personal<P extends Record<string, unknown>>({ name, view: View, props }: { name: string; view: PartView<P>; props: P }) {
  const me = useMe();
  useContext(PartRecorder)?.push({ name, props });
  return (
    <me-slot>
      <View {...props} me={me} />
    </me-slot>
  );
}

/** What personal parts do on a click, supplied by the app (root.tsx); nothing on the server. */
export interface AppActions {
  navigate: (to: string) => void;
  /** Loads the page's data again (after a logout). */
  revalidate: () => void;
}
export const AppActionsContext = createContext<AppActions>({ navigate: () => {}, revalidate: () => {} });

/** A link inside a personal part: a plain link without the app, the router's navigation with it. */
export function AppLink({
  to,
  className,
  children,
  ...rest
}: { to: string; className?: string; children: React.ReactNode } & React.AriaAttributes) {
  const { navigate } = useContext(AppActionsContext);
  return (
    <a
      href={to}
      className={className}
      {...rest}
      onClick={(event) => {
        if (event.button !== 0 || event.ctrlKey || event.metaKey || event.shiftKey || event.altKey) return;
        event.preventDefault();
        navigate(to);
      }}
    >
      {children}
    </a>
  );
}
