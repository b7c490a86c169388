import type { Config } from '@react-router/dev/config';

// A React Router app with one route and next to nothing in it, for the fresh-render bench: what
// React Router's own work on a page costs, without this site's layout, data or compression. Built
// into ./build (ignored by git) when the bench runs.
export default { ssr: true } satisfies Config;
