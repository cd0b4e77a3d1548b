import { runMain } from './app-main';

// Entry of the desktop main process (bundled to dist-electron/main.cjs).
runMain().catch((error: unknown) => {
  console.error('desktop client failed to start', error);
  process.exit(1);
});
