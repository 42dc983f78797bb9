import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
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

/** The signed-in layout's module and the landing list's (the time ticket list pages). */
const LANDING_ROOTS = /[\\/]src[\\/](custom[\\/]signedIn\.tsx?|resources[\\/]tickets[\\/]pages\.ts)$/;

/**
 * Issue 13: the app's own modules that the signed-in layout and the landing list import (followed
 * through src/ only: a library's index would pull in all of it) become one chunk (`test`), and the
 * library modules only they use join them, instead of 23 small chunks: a phone on slow 4G fetched
 * those over six connections in four or five round trips after the first download. Measured on the
 * demo: 23 chunks, 78 KB brotli -> 1 chunk, 65 KB; Lighthouse's phone list LCP 3.5 -> 3.0 s.
 * Every signed-in page needs the layout's part anyway; modules of the first download stay there
 * (its groups come first).
 */
function landingChunk() {
  const members = new Set<string>();
  const plugin: Plugin = {
    name: 'roll-call-landing-chunk',
    buildEnd() {
      const stack = [...this.getModuleIds()].filter((id) => LANDING_ROOTS.test(id));
      while (stack.length) {
        const id = stack.pop()!;
        if (members.has(id) || id.includes('node_modules')) continue;
        members.add(id);
        stack.push(...(this.getModuleInfo(id)?.importedIds ?? []));
      }
    },
  };
  return { plugin, test: (id: string) => members.has(id) };
}

const landing = landingChunk();

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
    landing.plugin,
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
            { name: 'signedIn', test: landing.test, priority: 0 },
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
