import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig, type Plugin } from 'vite';

/** Writes .br and .gz beside each built script and style sheet, once, at the strongest settings:
 * the server sends them to clients that take them (serveStatic's `precompressed`). Fonts are
 * woff2, compressed already. */
function precompressAssets(): Plugin {
  let outDir = '';
  return {
    name: 'precompress-assets',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.environments.client?.build.outDir ?? config.build.outDir);
    },
    // After each environment's build (React Router writes the browser's route manifest during the
    // server build), every built file not compressed yet.
    closeBundle: {
      order: 'post',
      sequential: true,
      handler() {
        const assets = path.join(outDir, 'assets');
        if (!fs.existsSync(assets)) return;
        for (const file of fs.readdirSync(assets)) {
          if (!/\.(js|css|svg|json)$/.test(file)) continue;
          const full = path.join(assets, file);
          if (fs.existsSync(`${full}.gz`)) continue;
          const data = fs.readFileSync(full);
          if (data.length < 1024) continue;
          fs.writeFileSync(`${full}.br`, zlib.brotliCompressSync(data, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }));
          fs.writeFileSync(`${full}.gz`, zlib.gzipSync(data, { level: 9 }));
        }
      },
    },
  };
}

export default defineConfig({
  plugins: [tailwindcss(), reactRouter(), precompressAssets()],
  resolve: { tsconfigPaths: true },
  build: { target: 'es2022' },
  environments: {
    // Fewer scripts on a first visit: React and React Router, which every page runs, in one file,
    // and our shared code that at least three routes use in another; the rest stays per route.
    client: {
      build: {
        rolldownOptions: {
          output: {
            codeSplitting: {
              groups: [
                { name: 'framework', test: /node_modules[\\/](react|react-dom|react-router|scheduler|cookie|set-cookie-parser)[\\/]/, priority: 2 },
                { name: 'common', test: /src[\\/](shared|web[\\/](lib|components))[\\/]/, minShareCount: 3, priority: 1 },
              ],
            },
          },
        },
      },
    },
    // The server build imports our server and shared modules at run time (Node runs the .ts
    // sources), so pages and the API share one copy of each service, its state and its
    // connections. `npm run dev` has no build: Vite evaluates a second copy (see
    // src/web/lib/service-errors.server.ts for what that means for AppError).
    ssr: { build: { rolldownOptions: { external: [/^#server\//, /^#shared\//] } } },
  },
});
