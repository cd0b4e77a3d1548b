import { externalUrlOrNull } from '../contract/desktop';

export { externalUrlOrNull };

/** Opens a vetted link with the given opener (Electron's shell.openExternal); false when refused. */
export async function openExternalSafely(raw: unknown, open: (url: string) => Promise<void>): Promise<boolean> {
  const url = externalUrlOrNull(raw);
  if (url === null) return false;
  await open(url);
  return true;
}
