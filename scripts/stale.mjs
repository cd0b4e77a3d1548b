// Decides whether a build output is older than its sources.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** Newest modification time (ms) of the files under the given paths (files or folders). */
export function newestMtime(paths) {
  let newest = 0;
  const visit = (p) => {
    if (!existsSync(p)) return;
    const st = statSync(p);
    if (st.isDirectory()) {
      for (const name of readdirSync(p)) {
        if (name === 'node_modules' || name.startsWith('.')) continue;
        visit(join(p, name));
      }
    } else if (st.mtimeMs > newest) {
      newest = st.mtimeMs;
    }
  };
  paths.forEach(visit);
  return newest;
}

/** True when `output` is missing or older than any file under `sources`. */
export function isStale(output, sources) {
  if (!existsSync(output)) return true;
  return statSync(output).mtimeMs < newestMtime(sources);
}
