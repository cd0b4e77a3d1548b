// Knowledge at scale: ingestion of a 200-page Chinese PDF and of 50 MB of mixed files (no embeddings), peak
// server memory; the document list with 10,000 documents and the recall test with 100,000 chunks.
import { PGlite } from '@electric-sql/pglite';
import { vector } from '@electric-sql/pglite-pgvector';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { makePdf } from '../tests/support/pdf-fixture.mjs';
import { callApi, DEMO_PASSWORD, load, round, signIn, startServer } from './lib.mjs';

const ENV = { UPLOAD_MAX_BYTES: String(100 * 1024 * 1024), JOB_CONCURRENCY: '2', SEED_DEMO: 'true' };
const SUBJECTS = ['财务部', '研发中心', '测试部', '市场部', '综合管理部', '采购部', '质量部', '安全保密办', '人力资源部', '运维组'];
const TOPICS = ['差旅报销', '代码评审', '阀门密封', '测试用例', '数据库连接', '密级管理', '年假申请', '合同审批', '设备巡检', '版本发布',
  '需求变更', '供应商评估', '网络安全', '会议纪要', '培训计划', '预算编制', '库存盘点', '客户回访', '故障处理', '文档归档'];
const RULES = ['须在十五个工作日内完成', '由部门负责人审批', '按季度汇总上报', '应保留书面记录', '须经过两人复核',
  '在办公系统中登记', '遵循公司统一模板', '按密级分类存放', '超过期限不予受理', '每月进行一次检查'];
/** A varied sentence, the same for the same i: who, about what, which rule, with a number. */
const sentence = (i) => `${SUBJECTS[i % 10]}关于${TOPICS[Math.floor(i / 10) % 20]}的规定：${RULES[Math.floor(i / 200) % 10]}，条款编号${i % 997}。`;
const QUESTIONS = ['差旅报销须在多久内完成？', '阀门密封由谁审批？', '网络安全检查的频率是多少？', '合同审批需要保留书面记录吗？',
  '测试用例如何复核？', '年假申请在哪里登记？', '预算编制按季度上报吗？', '故障处理的期限是什么？'];

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
    const pages = Array.from({ length: 200 }, (_, p) => Array.from({ length: 20 }, (_, i) => sentence(p * 20 + i)).join('\n'));
    const pdf = makePdf(pages);
    const [pdfId] = await uploadAll(s.url, token, '基准', [{ name: '二百页.pdf', bytes: pdf }]);
    const pdfSeconds = await processAll(s.url, token, '基准', [pdfId]);
    const files = await mixedFiles();
    const mb = files.reduce((n, f) => n + f.bytes.length, 0) / 1024 / 1024;
    const mixedIds = await uploadAll(s.url, token, '基准', files);
    const mixedSeconds = await processAll(s.url, token, '基准', mixedIds);
    return [
      { name: '200-page Chinese PDF (generated: one repeated sentence pattern, no embedded fonts): upload to FINISHED (s)', value: round(pdfSeconds, 2), budget: 5, unit: 's' },
      { name: `mixed files (${round(mb, 1)} MB): to FINISHED (s)`, value: round(mixedSeconds, 2), unit: 's' },
      { name: 'mixed files: MB of text per second', value: round(mb / mixedSeconds, 2), unit: 'MB/s' },
      { name: 'peak server memory while processing (MB)', value: peakMb(s.pid), budget: 1024, unit: 'MB' },
    ];
  } finally {
    await s.stop();
  }
}

const segmenter = new Intl.Segmenter('zh-CN', { granularity: 'word' });
/** The indexed terms of a text, as server/knowledge/segment.ts makes them. */
function indexTerms(text) {
  const out = [];
  for (const { segment, isWordLike } of segmenter.segment(text)) {
    if (!isWordLike) continue;
    const w = segment.toLowerCase();
    out.push(w);
    if (w.length > 1 && /^\p{Script=Han}+$/u.test(w)) out.push(...w);
  }
  return out.join(' ');
}

/** 10,000 documents and 100,000 chunks added straight into the embedded database of a stopped server. */
export async function addDocuments(dataDir) {
  // With pgvector, as the server opens it (document_chunks has an embedding column).
  const db = new PGlite(join(dataDir, 'pgdata'), { extensions: { vector } });
  try {
    const owner = (await db.query("SELECT id FROM users WHERE username = 'demo'")).rows[0].id;
    const space = (await db.query(
      "INSERT INTO knowledge_spaces (name, owner_id, argument, created_at, updated_at) VALUES ('规模', $1, '{}', now(), now()) RETURNING id", [owner],
    )).rows[0].id;
    await db.query(
      `INSERT INTO knowledge_documents (space_id, doc_name, content_type, file_path, size, sha256, secrecy, review_roles, owner_id, status, chunk_count, created_at, updated_at)
       SELECT $1, '文档' || g || '.txt', 'text/plain', '', 1000, '', (ARRAY['public','internal','secret','confidential'])[1 + g % 4],
              CASE WHEN g % 5 = 0 THEN ARRAY[g % 7]::int[] ELSE '{}'::int[] END, $2, 'FINISHED', 10, now(), now()
       FROM generate_series(1, 10000) g`, [space, owner],
    );
    const docs = (await db.query('SELECT id FROM knowledge_documents WHERE space_id = $1 ORDER BY id', [space])).rows.map((r) => r.id);
    for (let start = 0; start < docs.length; start += 1000) {
      const docIds = []; const seqs = []; const contents = []; const terms = [];
      for (const id of docs.slice(start, start + 1000)) {
        for (let seq = 0; seq < 10; seq++) {
          const content = Array.from({ length: 6 }, (_, i) => sentence(id * 10 + seq + i * 13)).join('');
          docIds.push(id); seqs.push(seq); contents.push(content); terms.push(indexTerms(content));
        }
      }
      await db.query(
        `INSERT INTO document_chunks (document_id, space_id, seq, content, terms)
         SELECT d, $1, s, c, t FROM unnest($2::int[], $3::int[], $4::text[], $5::text[]) AS x(d, s, c, t)`,
        [space, docIds, seqs, contents, terms],
      );
    }
    await db.query('ANALYZE');
  } finally {
    await db.close();
  }
}

export async function atScale() {
  const first = await startServer({ env: { ...ENV, SEED_DEMO: 'true' } });
  await first.stop({ keepData: true });
  await addDocuments(first.dataDir);
  const s = await startServer({ dataDir: first.dataDir, env: ENV });
  try {
    const headers = { authorization: `Bearer ${await signIn(s.url, 'demo', DEMO_PASSWORD)}`, 'content-type': 'application/json' };
    const space = encodeURIComponent('规模');
    // The embedded database's term index of the space is built in the background at start (D16, D21); one recall
    // waits for it, so both figures are of the server in its steady state.
    await fetch(`${s.url}/knowledge/${space}/recall_test`, { method: 'POST', headers, body: JSON.stringify({ question: QUESTIONS[0] }) });
    const list = await load({
      url: `${s.url}/knowledge/${space}/document/list`, method: 'POST', headers, body: JSON.stringify({ page: 3, page_size: 25 }), connections: 20, seconds: 5,
    });
    const recall = await load({
      url: `${s.url}/knowledge/${space}/recall_test`, method: 'POST', headers, connections: 20, seconds: 5,
      requests: QUESTIONS.map((question) => ({ method: 'POST', body: JSON.stringify({ question, recall_top_k: 5 }) })),
    });
    return [
      { name: 'document/list, 10,000 documents: p95 (ms, 20 connections)', value: list.p95, budget: 50, unit: 'ms' },
      { name: 'recall test, 100,000 chunks: p95 (ms, 20 connections)', value: recall.p95, budget: 100, unit: 'ms' },
      { name: 'knowledge load errors', value: list.errors + recall.errors, budget: 0, unit: '' },
    ];
  } finally {
    await s.stop();
  }
}

export async function benchKnowledge() {
  return [...(await ingestion()), ...(await atScale())];
}
