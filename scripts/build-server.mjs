// `npm run build:server`: always rebuilds dist-server/main.js.
import { buildServer } from './build-server-lib.mjs';

await buildServer();
