import { describe, expect, it, vi } from 'vitest';
import { startUpdateCheck, type UpdaterLike } from './updater';

function fakeUpdater() {
  const listeners = new Map<string, (arg: never) => void>();
  const updater = {
    autoDownload: true,
    autoInstallOnAppQuit: false,
    setFeedURL: vi.fn(),
    on: vi.fn((event: string, listener: (arg: never) => void) => listeners.set(event, listener)),
    checkForUpdates: vi.fn(async () => null),
    downloadUpdate: vi.fn(async () => []),
    quitAndInstall: vi.fn(),
  };
  return { updater: updater as unknown as UpdaterLike & typeof updater, fire: (e: string, arg: unknown) => listeners.get(e)!(arg as never) };
}
const log = { info: vi.fn(), warn: vi.fn(), error: vi.fn() };

describe('startUpdateCheck', () => {
  it('does nothing when not packaged or disabled', () => {
    const factory = vi.fn();
    expect(startUpdateCheck({ isPackaged: false, enabled: true, feedUrl: null, updater: factory, confirm: vi.fn(), log })).toBe(false);
    expect(startUpdateCheck({ isPackaged: true, enabled: false, feedUrl: null, updater: factory, confirm: vi.fn(), log })).toBe(false);
    expect(factory).not.toHaveBeenCalled();
  });

  it('checks at start and downloads and installs only with the user\'s consent', async () => {
    const { updater, fire } = fakeUpdater();
    const confirm = vi.fn(async (_message: string, _detail: string) => true);
    startUpdateCheck({ isPackaged: true, enabled: true, feedUrl: 'https://updates.corp/kb/', updater: () => updater, confirm, log });
    expect(updater.autoDownload).toBe(false);
    expect(updater.setFeedURL).toHaveBeenCalledWith({ provider: 'generic', url: 'https://updates.corp/kb/' });
    expect(updater.checkForUpdates).toHaveBeenCalledOnce();
    fire('update-available', { version: '0.2.0' });
    await vi.waitFor(() => expect(updater.downloadUpdate).toHaveBeenCalledOnce());
    fire('update-downloaded', { version: '0.2.0' });
    await vi.waitFor(() => expect(updater.quitAndInstall).toHaveBeenCalledOnce());
    expect(confirm.mock.calls[0][0]).toContain('发现新版本 0.2.0');
  });

  it('does not download when the user declines', async () => {
    const { updater, fire } = fakeUpdater();
    const confirm = vi.fn(async (_message: string, _detail: string) => false);
    startUpdateCheck({ isPackaged: true, enabled: true, feedUrl: null, updater: () => updater, confirm, log });
    expect(updater.setFeedURL).not.toHaveBeenCalled();
    fire('update-available', { version: '0.2.0' });
    await vi.waitFor(() => expect(confirm).toHaveBeenCalledOnce());
    expect(updater.downloadUpdate).not.toHaveBeenCalled();
  });
});
