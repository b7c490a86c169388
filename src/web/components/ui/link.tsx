import { type LinkProps, type NavLinkProps, NavLink as RouterNavLink, Link as RouterLink, resolvePath, useLocation } from 'react-router';

/** React Router's <Link>, drawn on the server as the <a> it draws there without running its hooks.
 * On the server a Link resolves its path against the route matches twice and sets up navigation
 * and prefetching that only the browser uses: some fifty links on a list page came to about a
 * twentieth of a fresh render's CPU. The browser gets React Router's own Link, which hydrates over
 * the same <a> and navigates as before. Only a path from the root (`/community/12?page=2`) with
 * no prefetching and no mask is drawn this way; anything else is React Router's to draw. */
function ServerLink(props: LinkProps) {
  const {
    to,
    discover = 'render',
    prefetch = 'none',
    mask,
    target,
    onClick: _onClick,
    relative: _relative,
    reloadDocument: _reloadDocument,
    replace: _replace,
    state: _state,
    preventScrollReset: _preventScrollReset,
    viewTransition: _viewTransition,
    defaultShouldRevalidate: _defaultShouldRevalidate,
    ...anchor
  } = props;
  if (typeof to !== 'string' || !to.startsWith('/') || to.startsWith('//') || prefetch !== 'none' || mask !== undefined) {
    return <RouterLink {...props} />;
  }
  // What React Router's href comes to for a path from the root (the app's basename is /).
  const { pathname, search, hash } = resolvePath(to);
  return <a {...anchor} href={pathname + search + hash} target={target} data-discover={discover === 'render' ? 'true' : undefined} />;
}

export const Link = import.meta.env.SSR ? ServerLink : RouterLink;

/** A path of plain characters, which React Router's NavLink compares as it is (it encodes others). */
const PLAIN_PATH = /^\/[\w\-./]*$/;

/** React Router's <NavLink>, drawn on the server as ServerLink with what NavLink adds there: the
 * current page's marks when the current path is `to` or below it (while the server draws, no
 * navigation is under way). NavLink resolves its path and encodes it as a URL, then draws a Link
 * that does the same again: the header's section tabs came to about a hundredth of a fresh
 * render's CPU. The browser gets React Router's own NavLink. */
function ServerNavLink(props: NavLinkProps) {
  const {
    'aria-current': ariaCurrent = 'page',
    caseSensitive = false,
    className = '',
    end = false,
    style,
    to,
    viewTransition: _viewTransition,
    children,
    ...rest
  } = props;
  const location = useLocation();
  if (typeof to !== 'string' || !PLAIN_PATH.test(to) || typeof style === 'function' || typeof children === 'function') {
    return <RouterNavLink {...props} />;
  }
  const { pathname } = resolvePath(to);
  const toPathname = caseSensitive ? pathname : pathname.toLowerCase();
  const current = caseSensitive ? location.pathname : location.pathname.toLowerCase();
  const endSlash = toPathname !== '/' && toPathname.endsWith('/') ? toPathname.length - 1 : toPathname.length;
  const isActive = current === toPathname || (!end && current.startsWith(toPathname) && current.charAt(endSlash) === '/');
  const state = { isActive, isPending: false, isTransitioning: false };
  return (
    <ServerLink
      {...rest}
      aria-current={isActive ? ariaCurrent : undefined}
      className={typeof className === 'function' ? className(state) : [className, isActive ? 'active' : null].filter(Boolean).join(' ')}
      style={style}
      to={to}
    >
      {children}
    </ServerLink>
  );
}

export const NavLink = import.meta.env.SSR ? ServerNavLink : RouterNavLink;
