import { describe, expect, it } from 'vitest';
import { describeRejected } from './rejected-files';

describe('describeRejected', () => {
  it('explains each refused file in Chinese', () => {
    expect(
      describeRejected(
        [
          { name: '大.pdf', size: 60 * 1024 * 1024, reason: 'too-large' },
          { name: 'a.exe', size: 1, reason: 'type' },
          { name: 'b.docx', size: 0, reason: 'unreadable' },
        ],
        50 * 1024 * 1024,
      ),
    ).toEqual(['文件“大.pdf”超过 50 MB 的上限', '不支持的文件类型：a.exe', '无法读取文件：b.docx']);
  });
});
