// Office files (docx, xlsx, pptx, OpenDocument) are zip archives, and a zip can hold far more than it weighs: a 36 KB
// docx whose document.xml inflates to 6 MB was processed into thousands of chunks. The archive is judged twice (D34):
// - inspectZip, at upload: what the central directory declares (entries, total size, ratio per entry) and whether
//   every local header agrees with it, without inflating anything (readZipEntries: the same, then inflates only the
//   small parts asked for, an OpenDocument file's `mimetype`);
// - verifyZip, before a parser sees the file: the same, then every entry actually inflated with a hard cap, in case
//   the directory lies about sizes.
// yauzl reads the central directory lazily, one record at a time; the inflated bytes are counted here (rather than
// by yauzl's validateEntrySizes) so that "more than declared" and "broken" get their own messages.
import yauzl, { type Entry, type LocalFileHeader, type ZipFile } from 'yauzl';
import { stripInvisible } from '../../contract/validation/invisible-chars';
import { formatBytes, RATIO_FLOOR_BYTES, type ZipLimits } from './limits';

/**
 * Why an archive is refused, in Chinese, without the file's own name (the caller adds it). `tooMuch`: it declares or
 * unpacks to more than the limits allow (413 at upload); otherwise its structure is broken or deceptive (400).
 */
export class ZipRefusal extends Error {
  override name = 'ZipRefusal';
  constructor(
    message: string,
    readonly tooMuch = false,
  ) {
    super(message);
  }
}

/** What the central directory lists, once it has passed the checks. */
export type ZipDirectory = { names: string[]; uncompressedBytes: number };

const DATA_DESCRIPTOR = 0x08;
const ZIP64_MARK = 0xffffffff;
/** What may follow an entry's data when its sizes come after it: crc and sizes, with or without a signature, 4- or 8-byte sizes. */
const DESCRIPTOR_LENGTHS = [12, 16, 20, 24];
const DESCRIPTOR_SIGNATURE = Buffer.from([0x50, 0x4b, 0x07, 0x08]);

/** An entry's name as it may appear in a message: the archive's author chose it. */
// eslint-disable-next-line no-control-regex -- removing control characters is the point
const shown = (entry: Entry) => stripInvisible(entry.fileName).replace(/[\u0000-\u001f\u007f-\u009f]/g, '').slice(0, 100);

async function open(source: string | Buffer): Promise<ZipFile> {
  const options = { lazyEntries: true, autoClose: false, validateEntrySizes: false };
  try {
    return typeof source === 'string' ? await yauzl.openPromise(source, options) : await yauzl.fromBufferPromise(source, options);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code) throw err; // the file system's problem (a missing file), not the archive's
    throw new ZipRefusal('不是有效的压缩包，文件可能已损坏');
  }
}

/** The central directory's entries, refused as soon as they declare too much. */
async function readDirectory(zip: ZipFile, limits: ZipLimits): Promise<{ entries: Entry[]; total: number }> {
  if (zip.entryCount > limits.maxEntries) {
    throw new ZipRefusal(`包含 ${zip.entryCount} 个压缩条目，超过 ${limits.maxEntries} 个的上限`, true);
  }
  const entries: Entry[] = [];
  let total = 0;
  try {
    for await (const entry of zip.eachEntry()) {
      total += entry.uncompressedSize;
      if (total > limits.maxBytes) throw new ZipRefusal(`解压后的内容超过 ${formatBytes(limits.maxBytes)} 的上限`, true);
      const ratio = entry.uncompressedSize / Math.max(entry.compressedSize, 1);
      if (entry.uncompressedSize > RATIO_FLOOR_BYTES && ratio > limits.maxRatio) {
        throw new ZipRefusal(`${shown(entry)} 的压缩比为 ${Math.round(ratio)}:1，超过 ${limits.maxRatio}:1 的上限`, true);
      }
      if (!entry.canDecodeFileData()) throw new ZipRefusal(`${shown(entry)} 已加密或使用了不支持的压缩方式`);
      entries.push(entry);
    }
  } catch (err) {
    if (err instanceof ZipRefusal) throw err;
    throw new ZipRefusal('压缩包目录无效，文件可能已损坏');
  }
  return { entries, total };
}

/** Whether a local header repeats what the central directory says (name, method, sizes when it carries them). */
function agrees(entry: Entry, local: LocalFileHeader): boolean {
  if (!local.fileName.equals(entry.fileNameRaw) || local.compressionMethod !== entry.compressionMethod) return false;
  if ((local.generalPurposeBitFlag & DATA_DESCRIPTOR) !== (entry.generalPurposeBitFlag & DATA_DESCRIPTOR)) return false;
  // A size that follows the data may be zero here (Info-ZIP writes the one it knew); one too large for 4 bytes is in
  // the ZIP64 extra field.
  const later = (local.generalPurposeBitFlag & DATA_DESCRIPTOR) !== 0;
  const same = (here: number, there: number) => here === there || here === ZIP64_MARK || (later && here === 0);
  return same(local.compressedSize, entry.compressedSize) && same(local.uncompressedSize, entry.uncompressedSize);
}

/**
 * The entries lie end to end from the start of the file to the central directory, each local header agreeing with
 * its directory record. Parsers that read local headers in order (exceljs's streaming reader does) then see exactly
 * the entries checked here: nothing hidden between them, nothing overlapping.
 */
async function checkLayout(zip: ZipFile, entries: Entry[], directoryStart: unknown): Promise<void> {
  const inOrder = [...entries].sort((a, b) => a.relativeOffsetOfLocalHeader - b.relativeOffsetOfLocalHeader);
  let end = 0;
  let gaps = [0];
  for (const entry of inOrder) {
    if (!gaps.includes(entry.relativeOffsetOfLocalHeader - end)) {
      throw new ZipRefusal(`压缩包结构异常：${shown(entry)} 的位置与目录不符（条目重叠或夹带了目录中没有的数据）`);
    }
    let local: LocalFileHeader;
    try {
      local = await zip.readLocalFileHeaderPromise(entry);
    } catch {
      throw new ZipRefusal(`压缩包结构异常：${shown(entry)} 的本地文件头无效`);
    }
    if (!agrees(entry, local)) throw new ZipRefusal(`压缩包结构异常：${shown(entry)} 的本地文件头与目录不一致`);
    end = local.fileDataStart + entry.compressedSize;
    gaps = entry.generalPurposeBitFlag & DATA_DESCRIPTOR ? DESCRIPTOR_LENGTHS : [0];
  }
  // yauzl keeps the directory's offset in its read cursor until the first entry is read.
  if (typeof directoryStart === 'number' && !gaps.includes(directoryStart - end)) {
    throw new ZipRefusal('压缩包结构异常：最后一个条目之后夹带了目录中没有的数据');
  }
}

async function withZip<T>(source: string | Buffer, limits: ZipLimits, use: (zip: ZipFile, entries: Entry[]) => Promise<T>): Promise<T> {
  const zip = await open(source);
  try {
    const directoryStart = (zip as unknown as { readEntryCursor: unknown }).readEntryCursor;
    const { entries } = await readDirectory(zip, limits);
    await checkLayout(zip, entries, directoryStart);
    return await use(zip, entries);
  } finally {
    zip.close();
  }
}

/**
 * Checks what an archive declares, without inflating anything: entry count, total uncompressed size, the ratio of
 * each entry above 1 MiB, encryption, and that the local headers agree with the central directory. Answers the
 * entry names; throws ZipRefusal with the reason.
 */
export async function inspectZip(source: string | Buffer, limits: ZipLimits): Promise<ZipDirectory> {
  return withZip(source, limits, async (_zip, entries) => ({
    names: entries.map((e) => e.fileName),
    uncompressedBytes: entries.reduce((sum, e) => sum + e.uncompressedSize, 0),
  }));
}

/** Inflates one entry, counting: more than it declares, or than the total allows, stops at once. `keep` collects the bytes. */
async function inflateCounting(zip: ZipFile, entry: Entry, budget: number, keep?: Buffer[]): Promise<number> {
  let count = 0;
  try {
    for await (const chunk of await zip.openReadStreamPromise(entry)) {
      count += (chunk as Buffer).length;
      keep?.push(chunk as Buffer);
      if (count > entry.uncompressedSize) throw new ZipRefusal(`${shown(entry)} 解压后超过了目录声明的大小（疑似压缩炸弹）`, true);
      if (count > budget) throw new ZipRefusal('解压后的内容超过上限', true);
    }
  } catch (err) {
    if (err instanceof ZipRefusal) throw err;
    throw new ZipRefusal(`${shown(entry)} 的数据已损坏，无法解压`);
  }
  if (count !== entry.uncompressedSize) throw new ZipRefusal(`${shown(entry)} 解压后的大小与目录声明的不符`);
  return count;
}

/** Whether an entry's stored bytes hold a data descriptor's signature, where a streaming reader would end the entry. */
async function holdsDescriptorSignature(zip: ZipFile, entry: Entry): Promise<boolean> {
  let tail = Buffer.alloc(0);
  for await (const chunk of await zip.openReadStreamPromise(entry, { decodeFileData: false })) {
    const window = Buffer.concat([tail, chunk as Buffer]);
    if (window.includes(DESCRIPTOR_SIGNATURE)) return true;
    tail = window.subarray(Math.max(0, window.length - 3));
  }
  return false;
}

/**
 * Everything inspectZip checks, then every entry inflated with a hard cap (its declared size, and the total limit),
 * so a directory that understates what an entry holds is caught before a parser inflates it without limits. Entries
 * whose sizes follow their data must not contain the descriptor's signature: a streaming reader would take it for
 * the end of the entry and read what follows as another one. Throws ZipRefusal with the reason.
 */
export async function verifyZip(source: string | Buffer, limits: ZipLimits): Promise<ZipDirectory> {
  return withZip(source, limits, async (zip, entries) => {
    let total = 0;
    for (const entry of entries) {
      total += await inflateCounting(zip, entry, limits.maxBytes - total);
      if (entry.generalPurposeBitFlag & DATA_DESCRIPTOR && (await holdsDescriptorSignature(zip, entry))) {
        throw new ZipRefusal(`压缩包结构异常：${shown(entry)} 的数据中含有条目结束标记`);
      }
    }
    return { names: entries.map((e) => e.fileName), uncompressedBytes: total };
  });
}

/**
 * The bytes of the entries `wanted` picks (by name and declared size), after the checks of inspectZip, each inflated
 * with the caps of verifyZip: the readers of pptx and OpenDocument files read their parts through here. Throws
 * ZipRefusal with the reason.
 */
export async function readZipEntries(
  source: string | Buffer, limits: ZipLimits, wanted: (name: string, size: number) => boolean,
): Promise<{ names: string[]; parts: Map<string, Buffer> }> {
  return withZip(source, limits, async (zip, entries) => {
    const parts = new Map<string, Buffer>();
    let total = 0;
    for (const entry of entries) {
      if (!wanted(entry.fileName, entry.uncompressedSize)) continue;
      const bytes: Buffer[] = [];
      total += await inflateCounting(zip, entry, limits.maxBytes - total, bytes);
      parts.set(entry.fileName, Buffer.concat(bytes));
    }
    return { names: entries.map((e) => e.fileName), parts };
  });
}
