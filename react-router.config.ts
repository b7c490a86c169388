import { type Config } from '@react-router/dev/config';

// Server-rendered React Router app in src/web, built into build/ and served by our own Hono
// server (src/server/web/pages.ts), not by react-router-serve.
export default {
  appDirectory: 'src/web',
  buildDirectory: 'build',
  ssr: true,
} satisfies Config;
