import { type LinkProps, Link as RouterLink, resolvePath } from 'react-router';

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
