import { vi } from 'vitest';
import type { DesktopBridge, PickFilesRequest, ServerAddressInfo } from '../../../contract/desktop';

/** A DesktopBridge double recording every call, as the preload would expose it. */
export function makeFakeBridge(server: ServerAddressInfo = { address: 'http://10.0.0.5:8080', preset: null, source: 'user' }) {
  return {
    appInfo: vi.fn(async () => ({
      name: '企业知识库', version: '0.1.0', platform: 'win32', arch: 'x64', electron: '45.4.1', chrome: '142', packaged: true, logsPath: 'C:\\logs',
    })),
    pickFiles: vi.fn(async (_request: PickFilesRequest) => ({
      canceled: false,
      files: [{ name: '需求.docx', type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', size: 3, bytes: new Uint8Array([1, 2, 3]) }],
      rejected: [{ name: 'huge.pdf', size: 999, reason: 'too-large' as const }],
      maxBytes: 100,
    })),
    saveFile: vi.fn(async () => ({ saved: true, fileName: '用户.xlsx' })),
    openExternal: vi.fn(async () => true),
    getServerAddress: vi.fn(async () => server),
    setServerAddress: vi.fn(async (address: string | null) => ({ address, preset: null, source: address ? ('user' as const) : ('none' as const) })),
    testServerAddress: vi.fn(async () => ({ ok: true, status: 200, message: '连接成功' })),
  } satisfies DesktopBridge;
}
