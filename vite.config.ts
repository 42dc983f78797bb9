import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Manifest, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { VitePWA } from 'vite-plugin-pwa';
import { earlyLandingScript } from './src/earlyLanding';

/**
 * 'tickets' for src/resources/tickets/pages.ts, the module of an area's lazy pages;
 * 'tickets-forms' for an area's formPages.ts (form pages split from the list's).
 */
function areaOf(moduleId: string | null): string | undefined {
  const m = moduleId ? /[\\/]resources[\\/](\w+)[\\/](pages|formPages)\.ts$/.exec(moduleId) : null;
  return m ? (m[2] === 'formPages' ? `${m[1]}-forms` : m[1]) : undefined;
}

/** The signed-in layout's module and the landing list's (the time ticket list pages). */
const LANDING_ROOTS = /[\\/]src[\\/](custom[\\/]signedIn\.tsx?|resources[\\/]tickets[\\/]pages\.ts)$/;

/**
 * The app's own modules that the signed-in layout and the landing list import (followed
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
 * The build's output folder as Vite resolved it (`dist`, or `--outDir` for a benchmark's second
 * build): the worker's precache list is read from the manifest written there.
 */
let outDir = 'dist';
const outDirPlugin: Plugin = {
  name: 'roll-call-out-dir',
  configResolved(config) {
    outDir = path.resolve(config.root, config.build.outDir);
  },
};

/** The chunk group of the signed-in layout and the landing list (landingChunk), found again by name by earlyLandingPlugin. */
const SIGNED_IN_CHUNK = 'signedIn';

/** Where the app is served (spec §2): every built file's address starts with it. */
const BASE = '/secure/';

/** index.html's early hint's file, e.g. 'assets/early-1a2b3c4d.js' (kept offline with index.html). */
const EARLY_FILE = /^assets\/early-[\w-]+\.js$/;

/**
 * Writes the early hint (src/earlyLanding.ts) as its own small file, named by its content's hash,
 * and loads it from index.html before the first download: with a session in the tab, the
 * signed-in layout's chunk then downloads beside the first download instead of after it, and the
 * session check and the config are sent at once (decisions 032 and 033). Lighthouse, phone list,
 * interleaved with the same build without it: LCP 3.8-4.1 s -> 3.2-3.4 s.
 * Fails the build when the signed-in chunk or index.html is missing, rather than lose the hint.
 */
const earlyLandingPlugin: Plugin = {
  name: 'roll-call-early-landing',
  apply: 'build',
  enforce: 'post',
  generateBundle: {
    order: 'post',
    handler(_options, bundle) {
      const signedIn = Object.values(bundle).find((file) => file.type === 'chunk' && file.name === SIGNED_IN_CHUNK);
      const html = bundle['index.html'];
      if (!signedIn || html?.type !== 'asset') throw new Error('roll-call-early-landing: no signedIn chunk or index.html in the bundle');
      const source = earlyLandingScript(`${BASE}${signedIn.fileName}`);
      const fileName = `assets/early-${crypto.createHash('sha256').update(source).digest('base64url').slice(0, 10)}.js`;
      this.emitFile({ type: 'asset', fileName, source });
      const tag = `<script type="module" async crossorigin src="${BASE}${fileName}"></script>`;
      const page = String(html.source);
      const at = page.indexOf('<script type="module"');
      if (at < 0) throw new Error('roll-call-early-landing: index.html has no module script');
      html.source = `${page.slice(0, at)}${tag}\n    ${page.slice(at)}`;
    },
  },
};

/**
 * What an officer needs with no connection, as Vite's manifest names it: the signed-in layout's
 * chunk (with the time ticket list), the ticket form pages, the event pages and his sign-ups, the
 * list's lazy extras (export and print buttons), the desk table (src/common/DeskGrid.tsx), the list
 * of tickets waiting on the device, the notices menu of the header, the worker's registration
 * (src/offline/serviceWorker.ts). The entry
 * (index.html's chunks) is always taken.
 */
const OFFLINE_ROOTS = [
  /^_signedIn-/,
  /^src\/resources\/tickets\/formPages\.ts$/,
  /^src\/resources\/events\/(pages\.ts|MySignups\.tsx)$/,
  /^src\/common\/(ListExtras|DeskGrid)\.tsx$/,
  /^src\/resources\/tickets\/OutboxEntries\.tsx$/,
  /^src\/custom\/notices\/NoticesMenu\.tsx$/,
  /^src\/offline\/serviceWorker\.ts$/,
];

/**
 * The built files (paths under dist/, e.g. 'assets/tickets-forms-….js') of the entry and of
 * OFFLINE_ROOTS with everything they import statically, followed through Vite's manifest. Dynamic
 * imports are not followed: a chart or a report an officer opens is cached when first used.
 */
export function offlineFiles(manifest: Manifest): Set<string> {
  const files = new Set<string>();
  const stack = Object.keys(manifest).filter((key) => manifest[key].isEntry || OFFLINE_ROOTS.some((re) => re.test(key)));
  const seen = new Set<string>();
  while (stack.length) {
    const key = stack.pop()!;
    if (seen.has(key) || !manifest[key]) continue;
    seen.add(key);
    const chunk = manifest[key];
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
    stack.push(...(chunk.imports ?? []));
  }
  return files;
}

/**
 * Browser app build: served by the Fastify server under /secure/ (spec §2).
 *
 * Chunks: every area's pages, the signed-in layout and the password pages are lazy
 * chunks (src/common/lazyPage.tsx). Everything the first page needs (react-admin's core and the
 * sign-in page) goes into one group of initial chunks rather than the many small shared chunks
 * the bundler would make, which compress worse and cost a request each: React, then MUI and
 * emotion, then the rest, so each stays under Vite's 500 kB warning limit. The manifest
 * (dist/.vite/manifest.json) lets bench/bundleSize.ts work out what the sign-in page loads.
 */
export default defineConfig({
  base: BASE,
  plugins: [
    react(),
    landing.plugin,
    outDirPlugin,
    earlyLandingPlugin,
    // each file of 1 KiB or more gets a .br (quality 11) and a .gz (level 9) twin, which
    // the server sends by Accept-Encoding (server/staticApp.ts); the originals stay for clients
    // that accept neither
    compression({
      include: /\.(js|mjs|css|html|svg|json|txt)$/,
      exclude: /[\\/]\.vite[\\/]/,
      threshold: 1024,
      algorithms: [defineAlgorithm('brotliCompress'), defineAlgorithm('gzip', { level: 9 })],
      logLevel: 'silent',
    }),
    // The installable app and its service worker (docs/decisions/030-installable-app-and-offline-cache.md).
    // The worker is registered by the signed-in layout (src/offline/serviceWorker.ts), never by
    // index.html: the sign-in page downloads nothing more.
    VitePWA({
      registerType: 'prompt',
      injectRegister: null,
      // the header's logo too: offline it would show as a broken picture
      includeAssets: ['favicon.svg', 'logo.svg'],
      manifest: {
        id: '/secure/',
        // index.html's title is fixed text, not the organisation's name: the app is 'Roll Call'
        name: 'Roll Call',
        short_name: 'Roll Call',
        description: 'Time tickets, events and 159s of the auxiliary police',
        // an installed app opens the officer's ticket list (signed out: the sign-in page, as today)
        start_url: '/secure/TimeTicketBrowse',
        scope: '/secure/',
        display: 'standalone',
        theme_color: '#1a3a6b',
        background_color: '#ffffff',
        icons: [
          { src: 'icons/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: 'icons/icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: 'icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      workbox: {
        globPatterns: ['**/*.{js,css,html}'],
        // only what an officer needs offline is downloaded at install (offlineFiles), read from the
        // manifest this build wrote; any other script is cached when first used (below)
        manifestTransforms: [
          (entries) => {
            const keep = offlineFiles(JSON.parse(fs.readFileSync(path.join(outDir, '.vite/manifest.json'), 'utf8')) as Manifest);
            return { manifest: entries.filter((e) => !/\.(js|css)$/.test(e.url) || keep.has(e.url) || EARLY_FILE.test(e.url)), warnings: [] };
          },
        ],
        // offline, every page address under /secure/ opens the app (which routes it); /api never
        navigateFallback: 'index.html',
        navigateFallbackAllowlist: [/^\/secure(\/|$)/],
        navigateFallbackDenylist: [/^\/api(\/|$)/],
        // fetch('/secure/') from src/common/chunkLoad.ts asks whether the server answers: it must
        // reach the server, not the copy of index.html kept here
        directoryIndex: null,
        // the first install takes the open page at once (an officer may go offline right after
        // signing in); an update waits for the officer's Reload (src/offline/UpdatePrompt.tsx)
        clientsClaim: true,
        skipWaiting: false,
        cleanupOutdatedCaches: true,
        runtimeCaching: [
          {
            // hashed files never change: any script used once serves later visits offline too.
            // Nothing under /api matches any route here: answers are react-query's alone.
            urlPattern: ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/secure/assets/'),
            handler: 'CacheFirst',
            options: {
              cacheName: 'rollcall-assets',
              expiration: { maxEntries: 150, maxAgeSeconds: 30 * 24 * 3600 },
              cacheableResponse: { statuses: [200] },
            },
          },
        ],
      },
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
            { name: SIGNED_IN_CHUNK, test: landing.test, priority: 0 },
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
