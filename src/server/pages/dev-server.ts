import http from 'node:http';
import { getRequestListener } from '@hono/node-server';
import type { ServerBuild } from 'react-router';
import type { ViteDevServer } from 'vite';
import type { BuildLoader } from './page-entry.ts';

// Development only (`npm run dev`): Vite serves modules and hot updates on our own port (no
// second port to collide with another dev server); everything else goes to our Hono app, which
// renders pages from Vite's current server build. Vite is imported dynamically so production
// never loads it.

export interface DevServer {
  server: http.Server;
  vite: ViteDevServer;
  loadBuild: BuildLoader;
  /** Starts answering with the app once it exists (it needs loadBuild first). */
  listen(fetch: (request: Request) => Response | Promise<Response>, port: number, host: string, onListen: (port: number) => void): void;
}

export async function createDevServer(root: string): Promise<DevServer> {
  const server = http.createServer();
  const { createServer } = await import('vite');
  const vite = await createServer({ root, server: { middlewareMode: true, hmr: { server } }, appType: 'custom' });
  return {
    server,
    vite,
    loadBuild: async () => (await vite.ssrLoadModule('virtual:react-router/server-build')) as unknown as ServerBuild,
    listen(fetch, port, host, onListen) {
      const listener = getRequestListener(fetch);
      server.on('request', (req, res) => vite.middlewares(req, res, () => listener(req, res)));
      server.listen(port, host, () => onListen((server.address() as { port: number }).port));
    },
  };
}
