import crypto from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { Hono } from 'hono';
import { html } from 'hono/html';
import { AppError } from '#shared/errors.ts';
import { ErrorKey } from '#shared/messages.ts';
import type { Deps } from '#server/context.ts';
import type { AppEnv } from '#server/http/context.ts';
import { buildOpenApi } from './openapi.ts';

// GET /api/openapi.json answers the document; GET /api/docs browses it with Swagger UI, served
// from our own node_modules so the page works offline and under a CSP without inline script.

/** Our start-up code for Swagger UI: a file of its own, since the page allows no inline script. */
const INIT_SCRIPT = `window.ui = SwaggerUIBundle({
  url: 'openapi.json',
  dom_id: '#swagger-ui',
  deepLinking: true,
  presets: [SwaggerUIBundle.presets.apis],
  layout: 'BaseLayout',
  // The online validator badge would send the document to another host.
  validatorUrl: null,
});
`;

const TYPES: Record<string, string> = {
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.png': 'image/png',
};

const CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

interface Asset {
  body: Uint8Array<ArrayBuffer>;
  type: string;
  /** The URL carries the content's hash, so the files can be cached for a year. */
  version: string;
}

let assets: Map<string, Asset> | undefined;

/** Read once on first use and shared by every app in the process: the files never change while
 * it runs. */
function docsAssets(): Map<string, Asset> {
  if (assets) return assets;
  const dist = path.dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
  const files: [string, Uint8Array][] = [
    ...['swagger-ui.css', 'index.css', 'swagger-ui-bundle.js', 'favicon-32x32.png'].map((name): [string, Uint8Array] => [
      name,
      readFileSync(path.join(dist, name)),
    ]),
    ['docs.js', new TextEncoder().encode(INIT_SCRIPT)],
  ];
  assets = new Map(
    files.map(([name, data]) => [
      name,
      {
        body: new Uint8Array(data),
        type: TYPES[path.extname(name)] ?? 'application/octet-stream',
        version: crypto.createHash('sha256').update(data).digest('base64url').slice(0, 12),
      },
    ]),
  );
  return assets;
}

/** A page-relative asset URL (the page is /api/docs). */
function assetUrl(name: string): string {
  return `docs/assets/${name}?v=${docsAssets().get(name)?.version}`;
}

function docsPage(siteName: string) {
  return html`<!doctype html>
<html lang="ko">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${siteName} API</title>
<link rel="stylesheet" href="${assetUrl('swagger-ui.css')}">
<link rel="stylesheet" href="${assetUrl('index.css')}">
<link rel="icon" type="image/png" href="${assetUrl('favicon-32x32.png')}">
</head>
<body>
<div id="swagger-ui"></div>
<script src="${assetUrl('swagger-ui-bundle.js')}"></script>
<script src="${assetUrl('docs.js')}"></script>
</body>
</html>
`;
}

/** Built once per process and site name (tests create many apps; building takes ~50 ms). */
const documents = new Map<string, string>();

export function openapiRoutes(deps: Deps): Hono<AppEnv> {
  // Built at start-up: a schema that cannot be described fails the boot, not a request.
  const siteName = deps.env.SITE_NAME;
  const document = documents.get(siteName) ?? JSON.stringify(buildOpenApi(siteName));
  documents.set(siteName, document);
  const app = new Hono<AppEnv>();
  app.get('/openapi.json', (c) => c.body(document, 200, { 'Content-Type': 'application/json; charset=utf-8' }));
  app.get('/docs', (c) => {
    c.header('Content-Security-Policy', CSP);
    return c.html(docsPage(siteName));
  });
  app.get('/docs/assets/:name', (c) => {
    const asset = docsAssets().get(c.req.param('name'));
    if (!asset) throw new AppError(404, ErrorKey.notFound);
    return c.body(asset.body, 200, { 'Content-Type': asset.type, 'Cache-Control': 'public, max-age=31536000, immutable' });
  });
  return app;
}
