import type { RejectedFile } from '../../contract/desktop';

function megabytes(bytes: number): string {
  const mb = bytes / (1024 * 1024);
  return Number.isInteger(mb) ? String(mb) : mb.toFixed(1);
}

/** One Chinese line per file pickFiles refused, for a notification after an upload pick. */
export function describeRejected(rejected: readonly RejectedFile[], maxBytes: number): string[] {
  return rejected.map((file) => {
    switch (file.reason) {
      case 'too-large':
        return `文件“${file.name}”超过 ${megabytes(maxBytes)} MB 的上限`;
      case 'type':
        return `不支持的文件类型：${file.name}`;
      default:
        return `无法读取文件：${file.name}`;
    }
  });
}
