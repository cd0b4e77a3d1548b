import { afterEach, describe, expect, it } from 'vitest';
import { CHAT_PATHS } from '../../../contract/api/runtime';
import { installFakeServer } from '../../test/fake-adapter';
import { aiOk } from '../../test/factories';
import { chatFile } from './chat.test-util';
import { MissingFileError, uploadChatFile } from './upload';

let restore: (() => void) | undefined;
afterEach(() => restore?.());

describe('uploadChatFile', () => {
  it('refuses with 缺少文件参数 before sending when the file or the dialogue is missing', async () => {
    const server = installFakeServer({ [`POST ${CHAT_PATHS.fileAdd}`]: aiOk(chatFile()) });
    restore = server.restore;
    await expect(uploadChatFile({ file: null, convUid: 'c1', kind: 'document' })).rejects.toThrow('缺少文件参数');
    await expect(uploadChatFile({ file: new File(['x'], 'a.txt'), convUid: '', kind: 'document' })).rejects.toBeInstanceOf(MissingFileError);
    expect(server.calls).toHaveLength(0);
  });

  it('sends file chat and spreadsheet chat to their own calls', async () => {
    const server = installFakeServer({
      [`POST ${CHAT_PATHS.fileAdd}`]: aiOk(chatFile({ kind: 'document' })),
      [`POST ${CHAT_PATHS.excelFileAdd}`]: aiOk(chatFile()),
    });
    restore = server.restore;
    expect(await uploadChatFile({ file: new File(['x'], 'a.txt'), convUid: 'c1', kind: 'document' })).toMatchObject({ kind: 'document' });
    expect(await uploadChatFile({ file: new File(['x'], 'b.csv'), convUid: 'c1', kind: 'excel' })).toMatchObject({ kind: 'excel' });
    expect(server.calls.map((c) => c.url)).toEqual([CHAT_PATHS.fileAdd, CHAT_PATHS.excelFileAdd]);
  });
});
