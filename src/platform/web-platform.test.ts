import { afterEach, describe, expect, it, vi } from 'vitest';
import { createWebPlatform } from './web-platform';
import { pickFilesWeb } from './web-files';

function fileOf(name: string, size: number, type = '') {
  return new File([new Uint8Array(size)], name, { type });
}

/** Answers the next hidden file input with the given files, as a user choosing them would. */
function chooseNext(files: File[]) {
  const observer = new MutationObserver(() => {
    const input = document.querySelector<HTMLInputElement>('input[data-platform-picker]');
    if (!input) return;
    observer.disconnect();
    Object.defineProperty(input, 'files', { value: files });
    input.dispatchEvent(new Event('change'));
  });
  observer.observe(document.body, { childList: true });
}

afterEach(() => vi.restoreAllMocks());

describe('web platform', () => {
  it('picks files through a hidden file input filtered by purpose', async () => {
    const click = vi.spyOn(HTMLInputElement.prototype, 'click');
    chooseNext([fileOf('表.xlsx', 10)]);
    const outcome = await createWebPlatform({}).pickFiles({ purpose: 'chat', accept: ['xlsx', 'csv'] });
    expect(click).toHaveBeenCalledOnce();
    const input = click.mock.contexts[0] as HTMLInputElement;
    expect(input.type).toBe('file');
    expect(input.accept).toBe('.csv,.xlsx');
    expect(input.multiple).toBe(false);
    expect(input.isConnected).toBe(false);
    expect(outcome.canceled).toBe(false);
    expect(outcome.files.map((f) => [f.name, f.type])).toEqual([
      ['表.xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
    ]);
  });

  it('refuses files over the configured size and of other types, like the desktop', async () => {
    const choose = vi.fn(async () => [fileOf('a.pdf', 2 * 1024 * 1024), fileOf('b.exe', 1), fileOf('c.pdf', 5)]);
    const outcome = await pickFilesWeb({ purpose: 'knowledge', multiple: true }, { knowledge: 1 }, choose);
    expect(outcome.maxBytes).toBe(1024 * 1024);
    expect(outcome.files.map((f) => f.name)).toEqual(['c.pdf']);
    expect(outcome.rejected).toEqual([
      { name: 'a.pdf', size: 2 * 1024 * 1024, reason: 'too-large' },
      { name: 'b.exe', size: 1, reason: 'type' },
    ]);
  });

  it('reports a cancelled choice', async () => {
    const outcome = await pickFilesWeb({ purpose: 'testcase' }, {}, async () => []);
    expect(outcome).toMatchObject({ canceled: true, files: [] });
  });

  it('saves exports as a Blob download', async () => {
    const createObjectURL = vi.fn(() => 'blob:x');
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    expect(await createWebPlatform({}).saveFile({ suggestedName: '日志.csv', data: 'a,b', mimeType: 'text/csv' })).toBe(true);
    const link = click.mock.contexts[0] as HTMLAnchorElement;
    expect(link.download).toBe('日志.csv');
    expect(link.href).toBe('blob:x');
    expect((createObjectURL.mock.calls[0] as unknown as [Blob])[0].type).toBe('text/csv');
  });

  it('opens only http(s) links, in a new tab without opener', async () => {
    const open = vi.spyOn(window, 'open').mockImplementation(() => null);
    const platform = createWebPlatform({});
    expect(await platform.openExternal('https://example.com/')).toBe(true);
    expect(await platform.openExternal('javascript:alert(1)')).toBe(false);
    expect(open).toHaveBeenCalledExactlyOnceWith('https://example.com/', '_blank', 'noopener,noreferrer');
  });

  it('uses the configured server or its own origin, and cannot change it', async () => {
    expect((await createWebPlatform({ serverUrl: 'https://api.corp' }).getServerAddress()).address).toBe('https://api.corp');
    expect((await createWebPlatform({}).getServerAddress()).address).toBe(window.location.origin);
    await expect(createWebPlatform({}).setServerAddress('http://x')).rejects.toThrow('不能修改');
  });
});
