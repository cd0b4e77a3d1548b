import { beforeEach, describe, expect, it, vi } from 'vitest';
import { DESKTOP_CHANNELS } from '../contract/desktop';
import { createIpcRegistrar, IpcRefusedError } from './ipc-main';
import { recorded, resetFakeElectron } from './test-support/fake-electron';

vi.mock('electron', () => import('./test-support/fake-electron'));

const trustedEvent = { senderFrame: { url: 'app://kb/index.html#/chatWindow', parent: null } };

function registerOpenExternal() {
  const impl = vi.fn(async (_url: string) => true);
  const refused = vi.fn();
  createIpcRegistrar({ devOrigin: null, onRefused: refused }).handle('openExternal', impl);
  const handler = recorded.ipcHandlers.get(DESKTOP_CHANNELS.openExternal)!;
  return { impl, refused, handler };
}

describe('the IPC wrapper', () => {
  beforeEach(() => resetFakeElectron());

  it.each([
    ['another origin', { senderFrame: { url: 'https://evil.example/', parent: null } }],
    ['a look-alike origin', { senderFrame: { url: 'app://kb.evil/index.html', parent: null } }],
    ['a file: page', { senderFrame: { url: 'file:///tmp/x.html', parent: null } }],
    ['a sub-frame of the app', { senderFrame: { url: 'app://kb/index.html', parent: {} } }],
    ['a destroyed frame', { senderFrame: null }],
  ])('refuses a forged sender (%s) before the handler runs', async (_label, event) => {
    const { impl, refused, handler } = registerOpenExternal();
    await expect(handler(event, 'https://example.com/')).rejects.toBeInstanceOf(IpcRefusedError);
    expect(impl).not.toHaveBeenCalled();
    expect(refused).toHaveBeenCalledWith('shell:open-external', 'untrusted sender');
  });

  it.each([[[]], [[42]], [['https://a', 'extra']], [[{ url: 'https://a' }]]])(
    'refuses invalid arguments %j before the handler runs',
    async (args) => {
      const { impl, handler } = registerOpenExternal();
      await expect(handler(trustedEvent, ...args)).rejects.toThrow('invalid arguments');
      expect(impl).not.toHaveBeenCalled();
    },
  );

  it('runs the handler for the app itself with valid arguments', async () => {
    const { impl, handler } = registerOpenExternal();
    await expect(handler(trustedEvent, 'https://example.com/')).resolves.toBe(true);
    expect(impl).toHaveBeenCalledExactlyOnceWith('https://example.com/');
  });

  it('validates object arguments strictly', async () => {
    const impl = vi.fn(async () => ({ canceled: true, files: [], rejected: [], maxBytes: 1 }));
    createIpcRegistrar({ devOrigin: null }).handle('pickFiles', impl);
    const handler = recorded.ipcHandlers.get(DESKTOP_CHANNELS.pickFiles)!;
    await expect(handler(trustedEvent, { purpose: 'secrets' })).rejects.toThrow('invalid arguments');
    await expect(handler(trustedEvent, { purpose: 'chat', extra: 1 })).rejects.toThrow('invalid arguments');
    await expect(handler(trustedEvent, { purpose: 'chat', accept: ['../x'] })).rejects.toThrow('invalid arguments');
    expect(impl).not.toHaveBeenCalled();
    await handler(trustedEvent, { purpose: 'chat', multiple: true, accept: ['xlsx'] });
    expect(impl).toHaveBeenCalledOnce();
  });

  it('accepts the dev server only when configured', async () => {
    const impl = vi.fn(async () => true);
    createIpcRegistrar({ devOrigin: 'http://localhost:5173' }).handle('openExternal', impl);
    const handler = recorded.ipcHandlers.get(DESKTOP_CHANNELS.openExternal)!;
    await handler({ senderFrame: { url: 'http://localhost:5173/', parent: null } }, 'https://a.example/');
    expect(impl).toHaveBeenCalledOnce();
  });

  it('refuses to register a channel twice', () => {
    const ipc = createIpcRegistrar({ devOrigin: null });
    ipc.handle('appInfo', vi.fn());
    expect(() => ipc.handle('appInfo', vi.fn())).toThrow('twice');
    expect(ipc.channels()).toEqual(['app:get-info']);
  });
});
