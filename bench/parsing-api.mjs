// The parsing benchmark's way into a started server (bench/lib.mjs startServer), as a user's client goes: spaces,
// uploads, processing to FINISHED or FAILED, the chunks of a document and the recall test. A refusal or a failure is
// answered with its Chinese reason, never thrown, so one format that cannot be read yet fails its own row only.
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { callApi } from './lib.mjs';

const space = (name) => encodeURIComponent(name);

/** A new space of the signed-in user with the given embedding arguments (chunk size and overlap). */
export async function addSpace(s, token, name, embedding = {}) {
  await callApi(s.url, token, '/knowledge/space/add', { name, argument: { embedding } });
}

/** Uploads a file of the set under its own name: `{ id }`, or `{ reason }` when the upload is refused. */
export async function upload(s, token, spaceName, path) {
  const form = new FormData();
  form.append('secrecy', 'public');
  form.append('doc_file', new Blob([readFileSync(path)]), basename(path));
  const res = await fetch(`${s.url}/knowledge/${space(spaceName)}/document/upload`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
  const json = await res.json().catch(() => ({ success: false, err_msg: `HTTP ${res.status}` }));
  return json.success ? { id: json.data[0] } : { reason: `上传被拒绝：${json.err_msg}` };
}

/** The documents of a space by id (status, result, progress). */
async function documents(s, token, spaceName) {
  const page = await callApi(s.url, token, `/knowledge/${space(spaceName)}/document/list`, { page_size: 200 });
  return new Map(page.data.map((d) => [d.id, d]));
}

/**
 * Processes the documents (task/create) and waits until each is FINISHED or FAILED: per id `{ seconds }` from the
 * task to its end, or `{ reason }` (the document's Chinese reason, or a timeout).
 */
export async function processAll(s, token, spaceName, ids, timeoutMs = 3 * 3_600_000) {
  const out = new Map();
  if (!ids.length) return out;
  const t0 = performance.now();
  await callApi(s.url, token, '/knowledge/task/create', { doc_ids: ids });
  while (out.size < ids.length) {
    const docs = await documents(s, token, spaceName);
    for (const id of ids) {
      const d = docs.get(id);
      if (out.has(id) || !d) continue;
      if (d.status === 'FINISHED') out.set(id, { seconds: (performance.now() - t0) / 1000 });
      if (d.status === 'FAILED') out.set(id, { reason: `处理失败：${d.result}` });
    }
    if (performance.now() - t0 > timeoutMs) {
      for (const id of ids) if (!out.has(id)) out.set(id, { reason: `处理超时（${Math.round(timeoutMs / 60_000)} 分钟）` });
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return out;
}

/**
 * Files uploaded into a space and processed: per file name `{ id, seconds }` when FINISHED, else `{ reason }`. With
 * `alone`, each file is processed by itself (its time is its own).
 */
export async function loadFiles(s, token, spaceName, paths, { alone = false } = {}) {
  const out = new Map();
  const uploaded = [];
  for (const path of paths) {
    const up = await upload(s, token, spaceName, path);
    if (up.id === undefined) out.set(basename(path), up);
    else uploaded.push({ name: basename(path), id: up.id });
  }
  const batches = alone ? uploaded.map((u) => [u]) : [uploaded];
  for (const batch of batches) {
    const done = await processAll(s, token, spaceName, batch.map((u) => u.id));
    for (const u of batch) out.set(u.name, { id: u.id, ...done.get(u.id) });
  }
  return out;
}

/** Every chunk of a document, in order (content, heading_path, position). */
export async function chunksOf(s, token, spaceName, documentId) {
  const out = [];
  for (let page = 1; ; page++) {
    const got = await callApi(s.url, token, `/knowledge/${space(spaceName)}/chunk/list`, { document_id: documentId, page, page_size: 200 });
    out.push(...got.data);
    if (!got.data.length || out.length >= got.total) return out;
  }
}

/** The recall test's first five passages for a question. */
export function recallFive(s, token, spaceName, question) {
  return callApi(s.url, token, `/knowledge/${space(spaceName)}/recall_test`, { question, recall_top_k: 5, recall_score_threshold: 0 });
}
