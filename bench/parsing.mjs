// Document parsing (issue 29 "Measured"): how faithfully the product reads documents in every format, measured through
// a started server as a user's upload goes (sniffing, reading in the worker, chunking) and read back through the API.
// The set (bench/parsing-set.mjs) is real prose of Debian's Chinese manuals converted by LibreOffice, rendered by
// pdftoppm into image-only scans, and generated parameter tables. Figures:
// - born-digital doc, docx, odt, rtf, pdf, pptx, ppt, odp: character F1 against the source ≥ 0.99 each (the text put
//   back from the chunks of a space with no chunk overlap: bench/parsing-score.mjs);
// - the scanned PDF at 300 dpi: F1 ≥ 0.93 and within 0.01 of the `tesseract` command alone on the same page images,
//   run now; the 200 dpi scan, a page turned 90° and a PNG page reported beside;
// - table cells found in a chunk with their header and row (docx, xlsx, pptx, PDF): ≥ 99 %;
// - recall of questions answered in tables, on scanned pages and in slides: hit@5 ≥ 90 % on PGlite and PostgreSQL;
// - OCR time, ours ÷ the command's on the same pages: ≤ 1.2 with the native binary, reported with tesseract.js;
// - user-detail p99 while an 80-page scan is recognised ≤ 50 ms; server memory above idle for a 200-page scan ≤ 1 GiB
//   (the suites `long scan latency` and `long scan memory`: over an hour and a half of OCR on this machine).
// `node bench/run.mjs parsing` runs the first part alone (the set is built once into a temp directory: a few minutes).
import { pathToFileURL } from 'node:url';
import { addSpace, chunksOf, loadFiles } from './parsing-api.mjs';
import { longScanLatency, longScanMemory, tesseractMissing, tesseractPages, withoutNativeTesseract } from './parsing-ocr.mjs';
import { recallQuestions, recallRun, RECALL_FILES, RECALL_SPACE } from './parsing-recall.mjs';
import { failedRow, f1Row, recallRow, scanRows, speedRow, tableRows } from './parsing-rows.mjs';
import { charF1, textOfChunks, withoutReaderLabels } from './parsing-score.mjs';
import { LONG_PAGES, parsingSet } from './parsing-set.mjs';
import { DEMO_PASSWORD, pgAdmin, round, signIn, startServer } from './lib.mjs';

// Time limits far above the work's: on a loaded machine a page may take minutes, and this measures reading, not limits.
const ENV = { SEED_DEMO: 'true', UPLOAD_MAX_BYTES: String(256 * 1024 * 1024), JOB_TIMEOUT_MS: String(3_600_000), OCR_PAGE_TIMEOUT_MS: String(900_000) };
/** The space the texts are read back from: chunks with no overlap, large enough that a slide is one chunk. */
const TEXT_SPACE = '解析质量';
const PROSE = [['doc', 'prose.doc'], ['docx', 'prose.docx'], ['odt', 'prose.odt'], ['rtf', 'prose.rtf'], ['pdf', 'prose.pdf']];
const SLIDES = [['pptx', 'slides.pptx'], ['ppt', 'slides.ppt'], ['odp', 'slides.odp']];
const EXTRA_SCANS = ['scan-200dpi.pdf', 'scan-turned.pdf', 'scan-page.png'];

/** F1 of a text against a source, to four places (for a row's note). */
const charF1Of = (text, source) => round(charF1(text, source).f1, 4);

/** A file's text as the product read it (its chunks put back together), or the reason it could not be read. */
async function readBack(s, token, spaceName, outcome) {
  if (!outcome || outcome.reason) return { reason: outcome?.reason ?? '未上传' };
  return { text: textOfChunks(await chunksOf(s, token, spaceName, outcome.id)), seconds: outcome.seconds, id: outcome.id };
}

/** The `tesseract` command alone on the 300 dpi page images: each page's text and time, or why it cannot run. */
async function theFloor(set) {
  const missing = await tesseractMissing();
  if (missing) return { reason: missing };
  const pages = await tesseractPages(set.scan.images300.map((f) => set.path(f)));
  return { pages, text: pages.map((p) => p.text).join('\n'), seconds: pages.reduce((n, p) => n + p.seconds, 0) };
}

/** Born-digital formats and scans read back on one server (PGlite), then the recall space asked there. */
async function onPglite(set, floor, questions) {
  const s = await startServer({ env: ENV });
  try {
    const token = await signIn(s.url, 'demo', DEMO_PASSWORD);
    await addSpace(s, token, TEXT_SPACE, { chunk_size: 2000, chunk_overlap: 0 });
    const files = await loadFiles(s, token, TEXT_SPACE, [...PROSE, ...SLIDES].map(([, f]) => set.path(f)).concat(EXTRA_SCANS.map((f) => set.path(f))));
    // The 300 dpi scan processed by itself: its time is the OCR time compared with the command's.
    const scan = await loadFiles(s, token, TEXT_SPACE, [set.path('scan-300dpi.pdf')], { alone: true });
    const read = async (name) => readBack(s, token, TEXT_SPACE, files.get(name) ?? scan.get(name));
    const rows = [];
    for (const [format, file] of PROSE) rows.push(f1Row(`born-digital ${format} (maint-guide-zh-cn prose, converted by LibreOffice)`, await read(file), set.prose, 0.01));
    for (const [format, file] of SLIDES) {
      const got = await read(file);
      const name = `born-digital ${format} (${set.slideList.length} slides of debian-faq-zh-cn with notes, converted by LibreOffice; the readers' labels 第 N 张幻灯片：/备注： not counted)`;
      rows.push(f1Row(name, got.reason ? got : { text: withoutReaderLabels(got.text) }, set.slides, 0.01));
    }
    const ours = await read('scan-300dpi.pdf');
    rows.push(...scanRows(`scanned PDF, 300 dpi, ${set.scan.pages} pages (the prose PDF rendered by pdftoppm, image only)`, ours, floor, set.prose));
    rows.push(f1Row(`scanned PDF, 200 dpi, ${set.scan.pages} pages, ours (no goal)`, await read('scan-200dpi.pdf'), set.prose));
    const turnedPage = set.scan.pageTexts[set.scan.rotatedPage - 1];
    const upright = floor.reason ? 'the command unavailable' : `the command on the upright image: F1 ${charF1Of(floor.pages[set.scan.rotatedPage - 1].text, turnedPage)}`;
    rows.push(f1Row(`a scanned page turned 90° (page ${set.scan.rotatedPage}, 300 dpi), ours (no goal; ${upright})`, await read('scan-turned.pdf'), turnedPage));
    rows.push(f1Row(`a page image (.png, 300 dpi, page ${set.scan.pngPage}), ours (no goal)`, await read('scan-page.png'), set.scan.pageTexts[set.scan.pngPage - 1]));
    rows.push(speedRow('OCR time with the native tesseract: ours ÷ the tesseract command alone', ours, floor.reason ? null : floor.seconds, set.scan.pages, 1.2));

    const recall = await recallRun(s, token, set, questions);
    const tables = {};
    for (const format of Object.keys(set.tables)) {
      const outcome = recall.files.get(RECALL_FILES[format]);
      tables[format] = outcome.reason ? outcome : { texts: (await chunksOf(s, token, RECALL_SPACE, outcome.id)).map((c) => c.content) };
    }
    rows.push(...tableRows(set.tables, tables), recallRow('PGlite', recall));
    return rows;
  } finally {
    await s.stop();
  }
}

/** The recall space on PostgreSQL (this machine's, as bench/recall-quality.mjs reaches it). */
async function onPostgres(set, questions) {
  const admin = await pgAdmin();
  if (!admin) return [failedRow('recall on PostgreSQL', '本机没有可用的 PostgreSQL（127.0.0.1:5432）')];
  const name = `kb_bench_parsing_${process.pid}`;
  try {
    await admin.client.query(`CREATE DATABASE ${name}`);
    const s = await startServer({ env: { ...ENV, DATABASE_URL: `postgres://${admin.user}@${admin.host}:${admin.port}/${name}` } });
    try {
      const token = await signIn(s.url, 'demo', DEMO_PASSWORD);
      return [recallRow('PostgreSQL', await recallRun(s, token, set, questions))];
    } finally {
      await s.stop();
    }
  } finally {
    await admin.client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => {});
    await admin.client.end();
  }
}

/** OCR time with the embedded tesseract.js (the native binary hidden from the server) on the scan's first two pages. */
async function withTesseractJs(set, floor) {
  const s = await startServer({ env: { ...ENV, ...withoutNativeTesseract() } });
  try {
    const token = await signIn(s.url, 'demo', DEMO_PASSWORD);
    await addSpace(s, token, TEXT_SPACE, { chunk_size: 2000, chunk_overlap: 0 });
    const outcome = (await loadFiles(s, token, TEXT_SPACE, [set.path('scan-2pages.pdf')], { alone: true })).get('scan-2pages.pdf');
    const read = await readBack(s, token, TEXT_SPACE, outcome);
    const source = set.scan.pageTexts.slice(0, 2).join('\n');
    const name = `OCR time with the embedded tesseract.js (no goal${read.reason ? '' : `; its F1 ${charF1Of(read.text, source)}`}): ours ÷ the tesseract command alone`;
    return [speedRow(name, read, floor.reason ? null : floor.pages[0].seconds + floor.pages[1].seconds, 2)];
  } finally {
    await s.stop();
  }
}

export async function benchParsing() {
  const set = await parsingSet();
  const questions = recallQuestions(set);
  const floor = await theFloor(set);
  const rows = [
    f1Row('the set itself: poppler\'s pdftotext on LibreOffice\'s prose PDF against the source (no goal)', { text: set.scan.pageTexts.join('\n') }, set.prose),
    ...await onPglite(set, floor, questions),
    ...await onPostgres(set, questions),
    ...await withTesseractJs(set, floor),
  ];
  return rows;
}

// The long scans, suites of their own (`npm run bench -- "long scan"`; some 20 s of a quiet machine per 300-dpi page of
// Debian's dense PDF): the latency of a cheap GET during the 80-page one, the server's memory during the 200-page one.
export const benchLongScanLatency = async () => longScanLatency(await parsingSet(), LONG_PAGES.responsiveness);
export const benchLongScanMemory = async () => longScanMemory(await parsingSet(), LONG_PAGES.memory);

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) console.table(await benchParsing());
