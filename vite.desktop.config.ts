import { readFileSync } from 'node:fs';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, type LogLevel, type Plugin, type UserConfig } from 'vite';
import electron from 'vite-plugin-electron';
import { DESKTOP_META_CSP } from './electron/csp.ts';
import { rendererBuild } from './vite.renderer.ts';

// The desktop build (`npm run build:desktop`): the renderer for the app:// scheme plus the
// Electron main process and the sandboxed preload, both CommonJS, into one app folder that
// electron-builder packages (`directories.app`). Nothing here runs the Electron binary.

type RootPackage = { name: string; version: string; description?: string };
const rootPackage = JSON.parse(readFileSync(path.resolve(import.meta.dirname, 'package.json'), 'utf8')) as RootPackage;

/** The renderer's policy as a <meta> tag, first in <head>; the app:// handler adds the header policy. */
function cspMetaTag(): Plugin {
  return {
    name: 'desktop-csp-meta',
    transformIndexHtml: () => [
      { tag: 'meta', attrs: { 'http-equiv': 'Content-Security-Policy', content: DESKTOP_META_CSP }, injectTo: 'head-prepend' },
    ],
  };
}

/** The packaged app's own package.json: no dependencies (everything is bundled), CommonJS main. */
function appPackageJson(): Plugin {
  return {
    name: 'desktop-app-package-json',
    generateBundle() {
      const manifest = {
        name: rootPackage.name,
        productName: '企业知识库',
        version: rootPackage.version,
        description: rootPackage.description ?? '',
        author: { name: '企业知识库项目组' },
        license: 'UNLICENSED',
        private: true,
        main: 'main.cjs',
      };
      this.emitFile({ type: 'asset', fileName: 'package.json', source: `${JSON.stringify(manifest, null, 2)}\n` });
    },
  };
}

/** Vite options of one Electron entry bundled as a single CommonJS file. */
function electronEntry(outDir: string, entry: string, name: string, plugins: Plugin[], logLevel?: LogLevel): UserConfig {
  return {
    plugins,
    logLevel,
    build: {
      outDir,
      emptyOutDir: false,
      minify: false,
      sourcemap: false,
      lib: { entry, formats: ['cjs'], fileName: () => `${name}.cjs` },
    },
  };
}

/** The whole desktop build; `outDir` lets a test build into a temporary folder. */
export function createDesktopConfig(outDir = 'dist-electron', logLevel?: LogLevel): UserConfig {
  const out = path.resolve(import.meta.dirname, outDir);
  return {
    root: import.meta.dirname,
    logLevel,
    base: './',
    plugins: [
      react(),
      cspMetaTag(),
      electron([
        {
          vite: electronEntry(out, 'electron/main.ts', 'main', [appPackageJson()], logLevel),
          onstart: ({ startup }) => startup([out]),
        },
        { vite: electronEntry(out, 'electron/preload.ts', 'preload', [], logLevel), onstart: ({ reload }) => reload() },
      ]),
    ],
    build: {
      ...rendererBuild,
      outDir: path.join(out, 'renderer'),
      emptyOutDir: true,
    },
  };
}

export default defineConfig(createDesktopConfig());
