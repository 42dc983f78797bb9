import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

/** Browser app build: served by the Fastify server under /secure/ (spec §2). */
export default defineConfig({
  base: '/secure/',
  plugins: [react()],
  build: { outDir: 'dist', emptyOutDir: true, chunkSizeWarningLimit: 4000 },
  server: {
    port: 5173,
    proxy: { '/api': `http://127.0.0.1:${process.env.PORT ?? 8080}` },
  },
});
