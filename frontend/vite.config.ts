import { defineConfig } from 'vitest/config';

// The Maven build sets ARUS_UI_OUT_DIR to ${project.build.outputDirectory}/static, so the
// dashboard lands in the jar's static resources of whichever build folder (-Dbuild.folder) runs.
const outDir = process.env.ARUS_UI_OUT_DIR ?? 'dist';
// `npm run dev` proxies the API and the WebSocket to a service started with ./mvnw spring-boot:run.
const backend = process.env.ARUS_BACKEND ?? 'http://localhost:8080';

export default defineConfig({
  base: './',
  build: {
    outDir,
    emptyOutDir: true,
    // No inline scripts anywhere (a Content-Security-Policy without 'unsafe-inline' must hold).
    modulePreload: { polyfill: false },
    assetsInlineLimit: 0,
    chunkSizeWarningLimit: 1200,
  },
  server: {
    proxy: {
      '/api': backend,
      '/ws': { target: backend.replace(/^http/, 'ws'), ws: true },
    },
  },
  test: {
    include: ['test/**/*.test.ts'],
    environment: 'node',
  },
});
