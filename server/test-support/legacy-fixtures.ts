// Legacy Office and image files for the tests (issue 29): xls written by SheetJS, compound files of chosen streams
// (built with the `cfb` package), Word and Excel files made encrypted by setting the flag their readers check, the
// image formats' real bytes, and conversions by LibreOffice when it is installed (soffice makes doc, rtf and ppt files
// from the generated docx and pptx).
import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { createCanvas } from '@napi-rs/canvas';
import * as XLSX from '@e965/xlsx';
import CFB from 'cfb';
import JSZip from 'jszip';
import UTIF from 'utif2';
import { findSoffice } from '../knowledge/formats/convert/soffice';
import { makePptx, type PptxSlide } from './office-fixtures';

/** An xls (BIFF8) of the sheets, each an array of rows, written by SheetJS. */
export function makeXls(sheets: Record<string, (string | number | Date)[][]>): Buffer {
  const book = XLSX.utils.book_new();
  for (const [name, rows] of Object.entries(sheets)) XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows, { cellDates: true }), name);
  return Buffer.from(XLSX.write(book, { type: 'buffer', bookType: 'biff8' }) as Uint8Array);
}

/** A compound file holding the streams at its root (a PowerPoint's, an encrypted OOXML package's). */
export function makeCompound(streams: Record<string, Buffer>): Buffer {
  const container = CFB.utils.cfb_new();
  for (const [name, content] of Object.entries(streams)) CFB.utils.cfb_add(container, `/${name}`, content);
  return Buffer.from(CFB.write(container, { type: 'buffer' }) as Uint8Array);
}

/** A compound file with one root stream's bytes changed. */
function withStream(file: Buffer, name: string, change: (stream: Buffer) => Buffer): Buffer {
  const container = CFB.read(file, { type: 'buffer' });
  const entry = CFB.find(container, `/${name}`);
  if (!entry) throw new Error(`no ${name} stream`);
  entry.content = change(Buffer.from(entry.content));
  entry.size = entry.content.length;
  return Buffer.from(CFB.write(container, { type: 'buffer' }) as Uint8Array);
}

/** A Word file whose FIB says it is encrypted, or says another version (nFib; Word 95 is 0x65). */
export function withWordFib(doc: Buffer, change: { encrypted?: boolean; nFib?: number }): Buffer {
  return withStream(doc, 'WordDocument', (stream) => {
    const copy = Buffer.from(stream);
    if (change.encrypted) copy.writeUInt16LE(copy.readUInt16LE(0x0a) | 0x0100, 0x0a);
    if (change.nFib !== undefined) copy.writeUInt16LE(change.nFib, 2);
    return copy;
  });
}

/** An xls whose workbook has a FilePass record (RC4 encryption header) right after its BOF, as a protected file does. */
export function withFilePass(xls: Buffer): Buffer {
  return withStream(xls, 'Workbook', (stream) => {
    const bofEnd = 4 + stream.readUInt16LE(2);
    const filePass = Buffer.alloc(4 + 54);
    filePass.writeUInt16LE(0x002f, 0);
    filePass.writeUInt16LE(54, 2);
    filePass.writeUInt16LE(1, 4); // RC4
    return Buffer.concat([stream.subarray(0, bofEnd), filePass, stream.subarray(bofEnd)]);
  });
}

/** An encrypted OOXML file as Office writes one: a compound file of EncryptionInfo and EncryptedPackage. */
export const makeEncryptedOoxml = () => makeCompound({ EncryptionInfo: Buffer.from([4, 0, 4, 0, 0x40, 0, 0, 0]), EncryptedPackage: Buffer.alloc(64, 7) });

/** A small picture in each image format: PNG and JPEG drawn on a canvas, TIFF by utif2, a 2×2 BMP by hand. */
export async function makeImages(): Promise<Record<'png' | 'jpg' | 'tif' | 'bmp', Buffer>> {
  const canvas = createCanvas(4, 4);
  canvas.getContext('2d').fillRect(0, 0, 2, 2);
  const bmp = Buffer.alloc(54 + 16);
  bmp.write('BM', 0, 'latin1');
  bmp.writeUInt32LE(bmp.length, 2);
  bmp.writeUInt32LE(54, 10);
  bmp.writeUInt32LE(40, 14); // BITMAPINFOHEADER
  bmp.writeInt32LE(2, 18);
  bmp.writeInt32LE(2, 22);
  bmp.writeUInt16LE(1, 26);
  bmp.writeUInt16LE(32, 28);
  return {
    png: await canvas.encode('png'),
    jpg: await canvas.encode('jpeg'),
    tif: Buffer.from(UTIF.encodeImage(new Uint8Array(4 * 4 * 4).fill(255), 4, 4)),
    bmp,
  };
}

/**
 * A pptx LibreOffice opens: makePptx's, with the package relationship, the content types of its parts, and its tables
 * given a size and their columns (LibreOffice drops the cells of a table without them).
 */
export async function makeOpenablePptx(slides: PptxSlide[]): Promise<Buffer> {
  const zip = await JSZip.loadAsync(await makePptx(slides));
  for (const [i, slide] of slides.entries()) {
    if (!slide.table) continue;
    const part = `ppt/slides/slide${slide.file ?? i + 1}.xml`;
    const columns = slide.table[0].map(() => '<a:gridCol w="2000000"/>').join('');
    const xml = (await zip.file(part)!.async('string'))
      .replace('<p:xfrm/>', '<p:xfrm><a:off x="500000" y="1500000"/><a:ext cx="4000000" cy="1000000"/></p:xfrm>')
      .replace('<a:tblGrid/>', `<a:tblGrid>${columns}</a:tblGrid>`);
    zip.file(part, xml);
  }
  const overrides = Object.keys(zip.files).filter((n) => /^ppt\/(presentation|slides\/[^/]+|notesSlides\/[^/]+)\.xml$/.test(n)).map((n) => {
    const type = n === 'ppt/presentation.xml' ? 'presentation.main' : n.startsWith('ppt/notesSlides/') ? 'notesSlide' : 'slide';
    return `<Override PartName="/${n}" ContentType="application/vnd.openxmlformats-officedocument.presentationml.${type}+xml"/>`;
  });
  zip.file('[Content_Types].xml', '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
    `<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/>${overrides.join('')}</Types>`);
  zip.file('_rels/.rels', '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
    '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="ppt/presentation.xml"/></Relationships>');
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
}

/** soffice on this machine (CI installs LibreOffice), or null. */
export const sofficeForTests = () => findSoffice(process.env.SOFFICE_PATH?.trim() || null);

/** A file converted by LibreOffice from `from` into `to` (an extension, or `ext:filter`), to make fixtures in a test. */
export async function convertForTest(soffice: string, bytes: Buffer, from: string, to: string): Promise<Buffer> {
  const work = await fs.mkdtemp(path.join(os.tmpdir(), 'kb-fixture-'));
  try {
    await fs.writeFile(path.join(work, `input.${from}`), bytes);
    const profile = pathToFileURL(path.join(work, 'profile')).href;
    await promisify(execFile)(soffice, ['--headless', '--norestore', `-env:UserInstallation=${profile}`, '--convert-to', to, '--outdir', work, path.join(work, `input.${from}`)], {
      timeout: 120_000, env: { PATH: process.env.PATH, HOME: work },
    });
    return await fs.readFile(path.join(work, `input.${to.split(':')[0]}`));
  } finally {
    await fs.rm(work, { recursive: true, force: true });
  }
}
