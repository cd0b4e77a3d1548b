// OLE2 compound files (CFB, magic D0 CF 11 E0): the container of Word 97-2003 (.doc, WPS 文字 .wps), Excel 97-2003
// (.xls, WPS 表格 .et), PowerPoint 97-2003 (.ppt, WPS 演示 .dps), and of password-protected OOXML files. Which one a
// file is, and whether it is encrypted, is told by the streams it holds and their first bytes (MS-DOC, MS-XLS, MS-PPT,
// MS-OFFCRYPTO), read with the `cfb` package.
import CFB, { type CFB$Container } from 'cfb';

/** Why a password-protected document is refused (at upload) or fails (when processed). */
export const ENCRYPTED_REASON = '文档已加密，请去除密码后上传';

export const CFB_MAGIC = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);

/** What a compound file holds: a Word, Excel or PowerPoint document, or something else (a mail, a Works file). */
export type CompoundKind = { type: 'doc' | 'xls' | 'ppt' | 'other'; encrypted: boolean };

/** Word's File Information Block: `nFib` below this is Word 95 or older (MS-DOC 2.5.2). */
export const WORD_97_NFIB = 0xc1;
const WORD_IDENT = 0xa5ec;
/** FibBase flags: fEncrypted (password to open, or XOR-obfuscated). */
const F_ENCRYPTED = 0x0100;

/** BIFF records: the workbook's FilePass record comes before its sheets' BoundSheet records (MS-XLS 2.4.117). */
const BIFF_FILEPASS = 0x002f;
const BIFF_BOUNDSHEET = 0x0085;
const BIFF_EOF = 0x000a;

/** A compound file opened; throws on one that is not (the caller says it is damaged). */
export function openCompound(bytes: Buffer): CFB$Container {
  return CFB.read(bytes, { type: 'buffer' });
}

/**
 * A stream's bytes by its name at the container's root, or null. Only the root: a workbook embedding a Word document
 * holds a WordDocument stream in a storage of its own.
 */
export function streamOf(container: CFB$Container, name: string): Buffer | null {
  const entry = CFB.find(container, `/${name}`);
  if (!entry || entry.type !== 2 || !entry.content) return null;
  return Buffer.isBuffer(entry.content) ? entry.content : Buffer.from(entry.content as ArrayLike<number>);
}

/** The Word document's version (nFib) and whether it is encrypted, from the WordDocument stream's FibBase; null if not Word's. */
export function wordFib(stream: Buffer): { nFib: number; encrypted: boolean } | null {
  if (stream.length < 0x20 || stream.readUInt16LE(0) !== WORD_IDENT) return null;
  return { nFib: stream.readUInt16LE(2), encrypted: (stream.readUInt16LE(0x0a) & F_ENCRYPTED) !== 0 };
}

/** Whether a BIFF workbook stream has a FilePass record (a password to open) before its sheets. */
export function biffEncrypted(stream: Buffer): boolean {
  for (let at = 0; at + 4 <= stream.length;) {
    const type = stream.readUInt16LE(at);
    if (type === BIFF_FILEPASS) return true;
    if (type === BIFF_BOUNDSHEET || type === BIFF_EOF) return false;
    at += 4 + stream.readUInt16LE(at + 2);
  }
  return false;
}

/** What a compound file is, by its streams; throws on a damaged container. */
export function compoundKind(bytes: Buffer): CompoundKind {
  const container = openCompound(bytes);
  const has = (name: string) => CFB.find(container, `/${name}`) !== null;
  // An encrypted docx, xlsx or pptx: the package itself is inside, encrypted (MS-OFFCRYPTO 2.3.4).
  if (has('EncryptionInfo') || has('EncryptedPackage')) return { type: 'other', encrypted: true };
  const word = streamOf(container, 'WordDocument');
  if (word) return { type: 'doc', encrypted: wordFib(word)?.encrypted ?? false };
  const book = streamOf(container, 'Workbook') ?? streamOf(container, 'Book');
  if (book) return { type: 'xls', encrypted: biffEncrypted(book) };
  // An encrypted presentation keeps its summary in EncryptedSummary (MS-PPT 2.1.1).
  if (has('PowerPoint Document')) return { type: 'ppt', encrypted: has('EncryptedSummary') };
  return { type: 'other', encrypted: false };
}
