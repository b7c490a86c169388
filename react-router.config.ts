import { type Config } from '@react-router/dev/config';

// Server-rendered React Router app in src/web, built into build/ and served by our own Hono
// server (src/server/web/pages.ts), not by react-router-serve.
export default {
  appDirectory: 'src/web',
  // npm run build and npm start write each build into a folder of its own and switch build/ to it
  // when it is whole (src/server/pages/build-pages.ts).
  buildDirectory: process.env.HANIN_BUILD_DIR ?? 'build',
  ssr: true,
  // The browser gets every route's entry at once, from the build's manifest file (about 1.5 KB
  // compressed, cached for a year like every hashed asset), instead of each page carrying the
  // entries of its own routes and asking /__manifest for more as links come into view: a page's
  // render then matches its URL's ancestors against the route table and writes ~3 KB of
  // indented manifest into every page, and each new path a member navigates to is one more
  // request to the server.
  routeDiscovery: { mode: 'initial' },
} satisfies Config;
