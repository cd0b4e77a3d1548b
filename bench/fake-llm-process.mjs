// The fake model in a process of its own, as a model server is: `node bench/fake-llm-process.mjs` prints its URL
// on the first line of stdout and serves until killed. Used where a benchmark compares a path through the server
// with a path straight to the model, so both cross the same number of processes.
import { loadFakeLlm } from './fake-llm-lib.mjs';

const { startFakeLlm } = await loadFakeLlm();
const llm = await startFakeLlm();
process.stdout.write(`${llm.url}\n`);
process.on('SIGTERM', () => void llm.close().then(() => process.exit(0)));
