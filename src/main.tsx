import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppRoot } from './app/AppRoot';
import { createAppRouter } from './app/router';
import { applyDocumentTitle } from './lib/runtime-config';
import { initPlatform } from './platform';

async function start(): Promise<void> {
  applyDocumentTitle();
  await initPlatform();
  const root = createRoot(document.getElementById('root')!);
  root.render(
    <StrictMode>
      <AppRoot router={createAppRouter()} />
    </StrictMode>,
  );
}

void start();
