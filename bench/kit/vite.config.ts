import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// Builds the kit bench page into bench/out/kit (production React, as users get it).
export default defineConfig({
  root: import.meta.dirname,
  base: './',
  plugins: [react()],
  build: { outDir: '../out/kit', emptyOutDir: true },
  logLevel: 'warn',
});
