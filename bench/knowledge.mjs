// Knowledge: ingestion of a real 251-page Chinese PDF and of 50 MB of mixed files of real sentences (no embeddings),
// peak server memory; at scale (10,000 documents, 100,000 passages of real text, both databases):
// bench/knowledge-scale.mjs.
import { readFileSync } from 'node:fs';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { realPdf, realSentences } from './corpus.mjs';
import { benchKnowledgeScale } from './knowledge-scale.mjs';
import { callApi, DEMO_PASSWORD, round, signIn, startServer } from './lib.mjs';

const ENV = { UPLOAD_MAX_BYTES: String(100 * 1024 * 1024), JOB_CONCURRENCY: '2', SEED_DEMO: 'true' };
/** The i-th sentence of Debian's Chinese manuals (over and over for the larger files: bench/corpus.mjs). */
const sentence = (i) => { const all = realSentences(); return all[i % all.length]; };

/** Peak resident memory of a process (VmHWM), in MB. */
function peakMb(pid) {
  const m = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? round(Number(m[1]) / 1024, 0) : NaN;
}

async function uploadAll(url, token, space, files) {
  const ids = [];
  for (const f of files) {
    const form = new FormData();
    form.append('secrecy', 'internal');
    form.append('doc_file', new Blob([f.bytes]), f.name);
    const res = await fetch(`${url}/knowledge/${encodeURIComponent(space)}/document/upload`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
    const json = await res.json();
    if (!json.success) throw new Error(json.err_msg);
    ids.push(...json.data);
  }
  return ids;
}

/** Seconds from task/create until every document is FINISHED. */
async function processAll(url, token, space, ids) {
  const t0 = performance.now();
  await callApi(url, token, '/knowledge/task/create', { doc_ids: ids });
  for (;;) {
    const page = await callApi(url, token, `/knowledge/${encodeURIComponent(space)}/document/list`, { page_size: 200 });
    const mine = page.data.filter((d) => ids.includes(d.id));
    const failed = mine.find((d) => d.status === 'FAILED');
    if (failed) throw new Error(`${failed.doc_name}: ${failed.result}`);
    if (mine.every((d) => d.status === 'FINISHED')) return (performance.now() - t0) / 1000;
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function docx(paragraphs) {
  const esc = (s) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');
  const zip = new JSZip();
  zip.file('[Content_Types].xml', '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>');
  zip.file('_rels/.rels', '<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>');
  zip.file('word/document.xml', `<?xml version="1.0"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>${paragraphs.map((p) => `<w:p><w:r><w:t>${esc(p)}</w:t></w:r></w:p>`).join('')}</w:body></w:document>`);
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
}

async function xlsx(rows) {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('数据');
  sheet.addRow(['编号', '名称', '说明']);
  for (const r of rows) sheet.addRow(r);
  return Buffer.from(await book.xlsx.writeBuffer());
}

/** About 50 MB of txt, md, html, csv, docx and xlsx files. */
async function mixedFiles() {
  const text = (n, offset) => Array.from({ length: n }, (_, i) => sentence(i + offset)).join('\n');
  const files = [];
  for (let i = 0; i < 4; i++) files.push({ name: `制度汇编${i}.txt`, bytes: Buffer.from(text(80_000, i * 80_000)) });
  for (let i = 0; i < 3; i++) files.push({ name: `说明${i}.md`, bytes: Buffer.from(`# 说明 ${i}\n\n${text(30_000, i)}`) });
  files.push({ name: '页面.html', bytes: Buffer.from(`<html><body>${Array.from({ length: 20_000 }, (_, i) => `<p>${sentence(i)}</p>`).join('')}</body></html>`) });
  files.push({ name: '清单.csv', bytes: Buffer.from(`编号,说明\n${Array.from({ length: 40_000 }, (_, i) => `${i},${sentence(i)}`).join('\n')}`) });
  files.push({ name: '手册.docx', bytes: await docx(Array.from({ length: 20_000 }, (_, i) => sentence(i))) });
  files.push({ name: '台账.xlsx', bytes: await xlsx(Array.from({ length: 20_000 }, (_, i) => [i, `物料${i}`, sentence(i)])) });
  return files;
}

export async function ingestion() {
  const s = await startServer({ env: ENV });
  try {
    const token = await signIn(s.url, 'demo', DEMO_PASSWORD);
    await callApi(s.url, token, '/knowledge/space/add', { name: '基准' });
    const [pdfId] = await uploadAll(s.url, token, '基准', [{ name: 'debian-reference.zh-cn.pdf', bytes: realPdf() }]);
    const pdfSeconds = await processAll(s.url, token, '基准', [pdfId]);
    const files = await mixedFiles();
    const mb = files.reduce((n, f) => n + f.bytes.length, 0) / 1024 / 1024;
    const mixedIds = await uploadAll(s.url, token, '基准', files);
    const mixedSeconds = await processAll(s.url, token, '基准', mixedIds);
    return [
      { name: '251-page Chinese PDF (Debian\'s debian-reference-zh-cn): task/create to FINISHED (s)', value: round(pdfSeconds, 2), budget: 5, unit: 's' },
      { name: `mixed files (${round(mb, 1)} MB): to FINISHED (s)`, value: round(mixedSeconds, 2), unit: 's' },
      { name: 'mixed files: MB of text per second', value: round(mb / mixedSeconds, 2), unit: 'MB/s' },
      { name: 'peak server memory while processing (MB)', value: peakMb(s.pid), budget: 1024, unit: 'MB' },
    ];
  } finally {
    await s.stop();
  }
}

export async function benchKnowledge() {
  return [...(await ingestion()), ...(await benchKnowledgeScale())];
}
