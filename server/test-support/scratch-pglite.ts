// A bare embedded database for the tests that run drizzle's migrator by hand, and the migrations folder as it was
// before a given migration (the state a database of an earlier release is in).
import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { vector } from '@electric-sql/pglite-pgvector';
import { migrationsFolder } from '../db/migrations-folder';
import { tempDataDir } from './pglite-template';

export type ScratchPglite = { root: string; client: PGlite; close: () => Promise<void> };

/** A fresh PGlite with pgvector, and a scratch folder `root` for copies of the migrations; `close` removes both. */
export async function openScratchPglite(label: string): Promise<ScratchPglite> {
  const root = tempDataDir(label);
  const remove = () => fs.rmSync(root, { recursive: true, force: true });
  let client: PGlite;
  try {
    client = await PGlite.create({ extensions: { vector } });
  } catch (err) {
    remove();
    throw err;
  }
  const close = async () => {
    await client.close();
    remove();
  };
  return { root, client, close };
}

/** A copy under `root` of the real migrations folder without `tag` and whatever follows it. */
export function migrationsBefore(root: string, tag: string): string {
  const folder = path.join(root, 'before');
  fs.cpSync(migrationsFolder(), folder, { recursive: true });
  const journalFile = path.join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(fs.readFileSync(journalFile, 'utf8')) as { entries: { when: number; tag: string }[] };
  const cut = journal.entries.find((e) => e.tag === tag)!.when;
  journal.entries = journal.entries.filter((e) => e.when < cut);
  fs.writeFileSync(journalFile, JSON.stringify(journal));
  return folder;
}
