import http from 'node:http';
import { getRequestListener } from '@hono/node-server';
import { type ServerBuild } from 'react-router';
import { type ViteDevServer } from 'vite';
import { type BuildLoader } from './pages.ts';

// Development only (`npm run dev`): Vite serves modules and hot updates; everything else goes to
// our Hono app, which renders pages from Vite's current server build. Vite is imported
// dynamically so production never loads it.

export async function createVite(root: string): Promise<ViteDevServer> {
  const { createServer } = await import('vite');
  return createServer({ root, server: { middlewareMode: true }, appType: 'custom' });
}

export function viteBuild(vite: ViteDevServer): BuildLoader {
  return async () => (await vite.ssrLoadModule('virtual:react-router/server-build')) as unknown as ServerBuild;
}

export function listenWithVite(
  vite: ViteDevServer,
  fetch: (request: Request) => Response | Promise<Response>,
  port: number,
  host: string,
  onListen: (port: number) => void,
): http.Server {
  const listener = getRequestListener(fetch);
  const server = http.createServer((req, res) => vite.middlewares(req, res, () => listener(req, res)));
  server.listen(port, host, () => onListen((server.address() as { port: number }).port));
  return server;
}
