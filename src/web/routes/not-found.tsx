import { data } from 'react-router';
import type { Route } from './+types/not-found.ts';

/** SPEC §2: an unmatched route is a 404 with 'Page not found: {path}'. */
export function loader({ request }: Route.LoaderArgs): never {
  throw data(`Page not found: ${new URL(request.url).pathname}`, { status: 404 });
}

export default function NotFound() {
  return null;
}
