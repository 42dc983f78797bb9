import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';

/**
 * 'tickets' for src/resources/tickets/pages.ts, the module of an area's lazy pages;
 * 'tickets-forms' for an area's formPages.ts (form pages split from the list's, issue 13).
 */
function areaOf(moduleId: string | null): string | undefined {
  const m = moduleId ? /[\\/]resources[\\/](\w+)[\\/](pages|formPages)\.ts$/.exec(moduleId) : null;
  return m ? (m[2] === 'formPages' ? `${m[1]}-forms` : m[1]) : undefined;
}

/**
 * Browser app build: served by the Fastify server under /secure/ (spec §2).
 *
 * Chunks (issue 10): every area's pages, the signed-in layout and the password pages are lazy
 * chunks (src/common/lazyPage.tsx). Everything the first page needs (react-admin's core and the
 * sign-in page) goes into one group of initial chunks rather than the many small shared chunks
 * the bundler would make, which compress worse and cost a request each: React, then MUI and
 * emotion, then the rest, so each stays under Vite's 500 kB warning limit. The manifest
 * (dist/.vite/manifest.json) lets bench/bundleSize.ts work out what the sign-in page loads.
 */
export default defineConfig({
  base: '/secure/',
  plugins: [
    react(),
    // issue 13: each file of 1 KiB or more gets a .br (quality 11) and a .gz (level 9) twin, which
    // the server sends by Accept-Encoding (server/staticApp.ts); the originals stay for clients
    // that accept neither
    compression({
      include: /\.(js|mjs|css|html|svg|json|txt)$/,
      exclude: /[\\/]\.vite[\\/]/,
      threshold: 1024,
      algorithms: [defineAlgorithm('brotliCompress'), defineAlgorithm('gzip', { level: 9 })],
      logLevel: 'silent',
    }),
  ],
  resolve: {
    alias: { 'object.entries': fileURLToPath(new URL('./src/shims/objectEntries.cjs', import.meta.url)) },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    manifest: true,
    rolldownOptions: {
      output: {
        // an area's chunk is named after its folder (tickets-….js) rather than 'pages'
        chunkFileNames: (chunk) => `assets/${areaOf(chunk.facadeModuleId) ?? '[name]'}-[hash].js`,
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, tags: ['$initial'], priority: 3 },
            { name: 'mui', test: /node_modules[\\/](@mui|@emotion|stylis)[\\/]/, tags: ['$initial'], priority: 2 },
            { name: 'app', tags: ['$initial'], priority: 1 },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': `http://127.0.0.1:${process.env.PORT ?? 8080}` },
  },
});
