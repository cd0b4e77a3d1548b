// Snapshots: each space's index is kept on disk too, so a restarted process starts from it and reads only the
// documents that changed since, instead of every chunk (the first question after a restart waited seconds; D68).
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Db } from '../../db/client';
import { Postings, SpaceIndex } from './space-index';

const SNAPSHOT_VERSION = 1;
const SNAPSHOT_MAGIC = 'KBTI';
/** A snapshot is written this long after the last change, off the path of the request that made it. */
const SNAPSHOT_DELAY_MS = 2000;

type SnapshotMeta = { version: number; chunks: number; docs: number; terms: number; plain: string[]; raw: [string, number][] };

const snapshotDirs = new WeakMap<Db, string>();
const saveTimers = new WeakMap<SpaceIndex, NodeJS.Timeout>();

/** Keeps the indexes of `db` as snapshots in `dir` (read at a space's first use, written after changes). */
export function keepTermIndexSnapshots(db: Db, dir: string): void {
  snapshotDirs.set(db, dir);
}

/** Where the indexes of `db` are kept on disk, if they are. */
export function snapshotDir(db: Db): string | undefined {
  return snapshotDirs.get(db);
}

const snapshotFile = (dir: string, spaceId: number) => path.join(dir, `space-${spaceId}.idx`);

/** The index as flat arrays and its term dictionary, for a snapshot on disk (`saveSnapshot`). */
function toSnapshot(index: SpaceIndex): { meta: SnapshotMeta; arrays: ArrayBufferView[] } {
  const docIds: number[] = [];
  const docUpdated: number[] = [];
  const docSlotCounts: number[] = [];
  const docSlots: number[] = [];
  for (const [id, entry] of index.docs) {
    docIds.push(id);
    docUpdated.push(entry.updatedAt);
    docSlotCounts.push(entry.slots.length);
    for (const slot of entry.slots) docSlots.push(slot);
  }
  const offsets = new Int32Array(index.postings.length + 1);
  index.postings.forEach((p, i) => (offsets[i + 1] = offsets[i] + p.length));
  const postings = new Int32Array(offsets[index.postings.length]);
  index.postings.forEach((p, i) => postings.set(p.data.subarray(0, p.length), offsets[i]));
  const plainOf: string[] = new Array(index.postings.length).fill('');
  for (const [plain, id] of index.byPlain) plainOf[id] = plain;
  const meta: SnapshotMeta = { version: SNAPSHOT_VERSION, chunks: index.chunkIds.length, docs: docIds.length, terms: index.postings.length, plain: plainOf, raw: [...index.termIds] };
  const arrays = [
    Float64Array.from(index.chunkIds), Int32Array.from(index.lengths), Uint8Array.from(index.alive, (a) => (a ? 1 : 0)),
    Float64Array.from(docIds), Float64Array.from(docUpdated), Int32Array.from(docSlotCounts), Int32Array.from(docSlots), offsets, postings,
  ];
  return { meta, arrays };
}

/** An index from a snapshot's parts (their lengths checked against its description). */
function fromSnapshot(meta: SnapshotMeta, body: Buffer): SpaceIndex {
  let at = 0;
  const take = <T extends Float64Array | Int32Array | Uint8Array>(make: new (b: ArrayBuffer, o: number, n: number) => T, size: number, n: number): T => {
    at = Math.ceil(at / 8) * 8;
    if (at + n * size > body.byteLength) throw new Error('term index snapshot is cut short');
    // Copied into an aligned buffer of its own: the file's buffer may start anywhere.
    const copy = new ArrayBuffer(n * size);
    new Uint8Array(copy).set(body.subarray(at, at + n * size));
    at += n * size;
    return new make(copy, 0, n);
  };
  const index = new SpaceIndex();
  const chunkIds = take(Float64Array, 8, meta.chunks);
  const lengths = take(Int32Array, 4, meta.chunks);
  const alive = take(Uint8Array, 1, meta.chunks);
  const docIds = take(Float64Array, 8, meta.docs);
  const docUpdated = take(Float64Array, 8, meta.docs);
  const docSlotCounts = take(Int32Array, 4, meta.docs);
  const slotTotal = docSlotCounts.reduce((a, b) => a + b, 0);
  const docSlots = take(Int32Array, 4, slotTotal);
  const offsets = take(Int32Array, 4, meta.terms + 1);
  const postings = take(Int32Array, 4, offsets[meta.terms]);
  index.chunkIds = Array.from(chunkIds);
  index.lengths = Array.from(lengths);
  index.alive = Array.from(alive, (a) => a === 1);
  for (let i = 0; i < meta.chunks; i++) {
    if (!index.alive[i]) continue;
    index.aliveCount++;
    index.totalLength += index.lengths[i];
  }
  index.docOf = new Array<number>(meta.chunks).fill(-1);
  let s = 0;
  for (let i = 0; i < meta.docs; i++) {
    const slots = Array.from(docSlots.subarray(s, s + docSlotCounts[i]));
    s += docSlotCounts[i];
    index.docs.set(docIds[i], { updatedAt: docUpdated[i], slots });
    for (const slot of slots) index.docOf[slot] = docIds[i];
  }
  for (let id = 0; id < meta.terms; id++) {
    const data = postings.subarray(offsets[id], offsets[id + 1]);
    index.postings.push(new Postings(data, data.length));
    if (meta.plain[id]) index.byPlain.set(meta.plain[id], id);
  }
  for (const [raw, id] of meta.raw) index.termIds.set(raw, id);
  return index;
}

/** Writes the index's snapshot (to a temporary file, then renamed over the old one: never a half-written file). */
export async function saveSnapshot(dir: string, spaceId: number, index: SpaceIndex): Promise<void> {
  index.unsaved = false;
  const { meta, arrays } = toSnapshot(index);
  const head = Buffer.from(JSON.stringify(meta));
  const parts: Uint8Array[] = [Buffer.from(SNAPSHOT_MAGIC), Buffer.alloc(4), head];
  parts[1] = Buffer.from(new Uint32Array([head.byteLength]).buffer);
  let body = 0;
  for (const a of arrays) {
    const pad = (8 - (body % 8)) % 8;
    if (pad) parts.push(new Uint8Array(pad));
    parts.push(new Uint8Array(a.buffer, a.byteOffset, a.byteLength));
    body += pad + a.byteLength;
  }
  await mkdir(dir, { recursive: true });
  const file = snapshotFile(dir, spaceId);
  const temp = `${file}.${process.pid}.tmp`;
  try {
    await writeFile(temp, parts);
    await rename(temp, file);
  } catch (err) {
    index.unsaved = true;
    await rm(temp, { force: true });
    throw err;
  }
}

/** The space's index from its snapshot, or null when there is none or it cannot be read (then it is rebuilt). */
export async function loadSnapshot(dir: string, spaceId: number): Promise<SpaceIndex | null> {
  let file: Buffer;
  try {
    file = await readFile(snapshotFile(dir, spaceId));
  } catch {
    return null;
  }
  try {
    if (file.subarray(0, 4).toString() !== SNAPSHOT_MAGIC) return null;
    const headLength = file.readUInt32LE(4);
    const meta = JSON.parse(file.subarray(8, 8 + headLength).toString()) as SnapshotMeta;
    if (meta.version !== SNAPSHOT_VERSION) return null;
    return fromSnapshot(meta, file.subarray(8 + headLength));
  } catch {
    return null;
  }
}

/** Plans a save of the index shortly after its last change, when `db` keeps snapshots and it has unsaved changes. */
export function scheduleSave(db: Db, spaceId: number, index: SpaceIndex): void {
  const dir = snapshotDirs.get(db);
  if (!dir || !index.unsaved) return;
  clearTimeout(saveTimers.get(index));
  const timer = setTimeout(() => {
    saveTimers.delete(index);
    void saveSnapshot(dir, spaceId, index).catch(() => undefined);
  }, SNAPSHOT_DELAY_MS);
  timer.unref();
  saveTimers.set(index, timer);
}

/** Cancels a save `scheduleSave` has planned (the caller saves now). */
export function cancelScheduledSave(index: SpaceIndex): void {
  clearTimeout(saveTimers.get(index));
}
