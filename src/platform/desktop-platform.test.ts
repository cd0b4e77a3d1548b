import { describe, expect, it } from 'vitest';
import { blobBytes } from './blob-bytes';
import { createDesktopPlatform } from './desktop-platform';
import { makeFakeBridge } from './testing/fake-bridge';

describe('desktop platform', () => {
  it('picks files with the native dialog and returns them as File objects', async () => {
    const bridge = makeFakeBridge();
    const outcome = await createDesktopPlatform(bridge).pickFiles({ purpose: 'testcase', multiple: true, accept: ['docx'] });
    expect(bridge.pickFiles).toHaveBeenCalledExactlyOnceWith({ purpose: 'testcase', multiple: true, accept: ['docx'] });
    expect(outcome.files).toHaveLength(1);
    const [file] = outcome.files;
    expect(file).toBeInstanceOf(File);
    expect(file.name).toBe('需求.docx');
    expect(file.type).toBe('application/vnd.openxmlformats-officedocument.wordprocessingml.document');
    expect(await blobBytes(file)).toEqual(new Uint8Array([1, 2, 3]));
    expect(outcome.rejected).toEqual([{ name: 'huge.pdf', size: 999, reason: 'too-large' }]);
  });

  it('saves a Blob export through the native save dialog as bytes', async () => {
    const bridge = makeFakeBridge();
    const saved = await createDesktopPlatform(bridge).saveFile({ suggestedName: '用户.xlsx', data: new Blob([new Uint8Array([7, 8])]) });
    expect(saved).toBe(true);
    expect(bridge.saveFile).toHaveBeenCalledExactlyOnceWith({ suggestedName: '用户.xlsx', data: new Uint8Array([7, 8]) });
  });

  it('opens links and reaches the server settings through the bridge', async () => {
    const bridge = makeFakeBridge();
    const platform = createDesktopPlatform(bridge);
    await platform.openExternal('https://example.com/');
    await platform.testServerAddress('http://10.0.0.6');
    expect(bridge.openExternal).toHaveBeenCalledWith('https://example.com/');
    expect(bridge.testServerAddress).toHaveBeenCalledWith('http://10.0.0.6');
    expect(platform.kind).toBe('desktop');
  });
});
