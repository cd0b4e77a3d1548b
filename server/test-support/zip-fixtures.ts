// Zip archives for the upload tests: real zip bombs and archives whose headers lie, built with JSZip and by
// patching the bytes of its output (no data descriptors, no ZIP64, no archive comment).
import JSZip from 'jszip';
import { makeXlsx } from './fixtures';

/** A zip of the given entries (deflated at level 9 unless `store`); `streamFiles` writes sizes after the data. */
export async function makeZip(entries: Record<string, string | Buffer>, options: { store?: boolean; streamFiles?: boolean } = {}): Promise<Buffer> {
  const zip = new JSZip();
  for (const [name, data] of Object.entries(entries)) zip.file(name, data);
  return zip.generateAsync({
    type: 'nodebuffer', compression: options.store ? 'STORE' : 'DEFLATE', compressionOptions: { level: 9 }, streamFiles: options.streamFiles ?? false,
  });
}

const CONTENT_TYPES = '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>';
const RELS = '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>';

/** A docx whose document.xml is the given paragraphs of XML. */
export function makeDocxOf(bodyXml: string): Promise<Buffer> {
  return makeZip({
    '[Content_Types].xml': CONTENT_TYPES,
    '_rels/.rels': RELS,
    'word/document.xml': `<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>${bodyXml}</w:body></w:document>`,
  });
}

/**
 * The docx of issue 11: about 35 KB holding about 6 MB of document.xml (a ratio near 170:1), a real Word document
 * that mammoth reads into thousands of chunks.
 */
export function makeDocxBomb(): Promise<Buffer> {
  const paragraphs: string[] = [];
  let bytes = 0;
  for (let i = 0; bytes < 6_000_000; i++) {
    const p = `<w:p><w:r><w:t xml:space="preserve">第${Math.floor(i / 6)}段：公司差旅报销制度，员工出差需提前申请，住宿标准按城市等级执行。</w:t></w:r></w:p>`;
    paragraphs.push(p);
    bytes += Buffer.byteLength(p);
  }
  return makeDocxOf(paragraphs.join(''));
}

/** A real xlsx (one sheet) with `extra` more tiny entries. */
export async function makeXlsxWithEntries(extra: number): Promise<Buffer> {
  const zip = await JSZip.loadAsync(await makeXlsx(['姓名', '部门'], [['张伟', '研发']]));
  for (let i = 0; i < extra; i++) zip.file(`xl/media/pad${i}.bin`, 'x');
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
}

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;

function centralDirectory(buf: Buffer): { eocd: number; start: number; count: number } {
  const eocd = buf.length - 22;
  if (buf.readUInt32LE(eocd) !== EOCD) throw new Error('fixture: expected an archive without a comment');
  return { eocd, start: buf.readUInt32LE(eocd + 16), count: buf.readUInt16LE(eocd + 10) };
}

/**
 * A copy of the archive in which one entry's uncompressed size says `size`: in the central directory, the local
 * header, or both. Both agreeing on a small size is a directory that lies consistently (only inflating tells);
 * only one of them changed is a local header that disagrees with the directory.
 */
export function withDeclaredSize(original: Buffer, entryName: string, size: number, where: 'central' | 'local' | 'both'): Buffer {
  const buf = Buffer.from(original);
  const { start, count } = centralDirectory(buf);
  let at = start;
  for (let i = 0; i < count; i++) {
    if (buf.readUInt32LE(at) !== CENTRAL) throw new Error('fixture: bad central record');
    const nameLength = buf.readUInt16LE(at + 28);
    const name = buf.toString('utf8', at + 46, at + 46 + nameLength);
    if (name === entryName) {
      if (where !== 'local') buf.writeUInt32LE(size, at + 24);
      if (where !== 'central') buf.writeUInt32LE(size, buf.readUInt32LE(at + 42) + 22);
      return buf;
    }
    at += 46 + nameLength + buf.readUInt16LE(at + 30) + buf.readUInt16LE(at + 32);
  }
  throw new Error(`fixture: no entry ${entryName}`);
}

/**
 * A copy of the archive with `hidden` placed between the last entry and the central directory (whose offset is
 * moved to match): bytes that no central record lists, where a streaming reader would find another entry.
 */
export function withDataBeforeDirectory(original: Buffer, hidden: Buffer): Buffer {
  const { eocd, start } = centralDirectory(original);
  const buf = Buffer.concat([original.subarray(0, start), hidden, original.subarray(start)]);
  buf.writeUInt32LE(start + hidden.length, eocd + hidden.length + 16);
  return buf;
}
