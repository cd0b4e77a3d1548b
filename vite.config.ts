import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { rendererBuild } from './vite.renderer.ts';

// The web build and `vite` dev never need the Electron binary: the desktop mode
// (`vite build --mode desktop`) is configured in vite.desktop.config.ts.
export default defineConfig({
  base: '/',
  plugins: [react()],
  build: {
    ...rendererBuild,
    outDir: 'dist/web',
    emptyOutDir: true,
  },
  server: {
    port: 5173,
    proxy: {
      '/api': 'http://127.0.0.1:8080',
      '/knowledge': 'http://127.0.0.1:8080',
      '/document': 'http://127.0.0.1:8080',
    },
  },
});
