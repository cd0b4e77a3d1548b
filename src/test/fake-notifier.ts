import { vi } from 'vitest';
import { setNotifier, type Notifier } from '../lib/notify';

/** Records toasts instead of showing them; call `restore` afterwards. */
export function fakeNotifier() {
  const notifier = { error: vi.fn(), warning: vi.fn(), success: vi.fn() } satisfies Notifier;
  const restore = setNotifier(notifier);
  return { ...notifier, restore };
}
