import { describe, expect, it, vi } from 'vitest';
import { readPickedFiles, type FileSystemLike } from './file-reader';

function fakeFs(sizes: Record<string, number>): FileSystemLike & { readFile: ReturnType<typeof vi.fn> } {
  return {
    stat: async (file) => {
      if (!(file in sizes)) throw new Error('ENOENT');
      return { size: sizes[file], isFile: () => true };
    },
    readFile: vi.fn(async (file: string) => new Uint8Array(sizes[file])),
  };
}

describe('readPickedFiles', () => {
  it('returns name, type and bytes of allowed files', async () => {
    const fs = fakeFs({ '/home/u/需求.docx': 3 });
    const result = await readPickedFiles(['/home/u/需求.docx'], { extensions: ['docx'], maxBytes: 10 }, fs);
    expect(result.rejected).toEqual([]);
    expect(result.files).toEqual([
      { name: '需求.docx', type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', size: 3, bytes: new Uint8Array(3) },
    ]);
  });

  it('refuses files over the size limit without reading them', async () => {
    const fs = fakeFs({ '/big.pdf': 11 });
    const result = await readPickedFiles(['/big.pdf'], { extensions: ['pdf'], maxBytes: 10 }, fs);
    expect(result).toEqual({ files: [], rejected: [{ name: 'big.pdf', size: 11, reason: 'too-large' }] });
    expect(fs.readFile).not.toHaveBeenCalled();
  });

  it('refuses other types and unreadable files', async () => {
    const fs = fakeFs({ '/a.exe': 1 });
    const result = await readPickedFiles(['/a.exe', '/gone.pdf'], { extensions: ['pdf'], maxBytes: 10 }, fs);
    expect(result.rejected).toEqual([
      { name: 'a.exe', size: 0, reason: 'type' },
      { name: 'gone.pdf', size: 0, reason: 'unreadable' },
    ]);
  });
});
