// The entry of a text worker thread (piscina calls the default export with each task). Built as its own file
// (dist-server/text-worker.js, scripts/build-server-lib.mjs); in development and tests loaded through tsx.
import { runTextTask } from './text-tasks';

export default runTextTask;
