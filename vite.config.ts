import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  resolve: { tsconfigPaths: true },
  build: { target: 'es2022' },
  environments: {
    // The server build imports our server and shared modules at run time (Node runs the .ts
    // sources), so pages and the API share one copy of each service, its state and its
    // connections, and an AppError thrown by a service is the class a loader checks for.
    ssr: { build: { rolldownOptions: { external: [/^#server\//, /^#shared\//] } } },
  },
});
