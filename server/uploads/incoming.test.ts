import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { sweepIncoming, writeIncoming } from './incoming';

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

function dataDir(): { filesDir: string; incoming: string } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kb-incoming-'));
  dirs.push(dir);
  return { filesDir: path.join(dir, 'files'), incoming: path.join(dir, 'files', '.incoming') };
}

describe('temporary upload files', () => {
  it('are written whole with their size and hash, and removed when the write is stopped', async () => {
    const config = dataDir();
    const file = await writeIncoming(config, Readable.from([Buffer.from('文件'), Buffer.from('内容')]), () => undefined);
    expect(fs.readFileSync(file.path, 'utf8')).toBe('文件内容');
    expect(file).toMatchObject({ size: 12, sha256: createHash('sha256').update('文件内容').digest('hex') });
    let seen = 0;
    const stopped = writeIncoming(config, Readable.from([Buffer.alloc(10), Buffer.alloc(10)]), (n) => {
      seen += n;
      if (seen > 15) throw new Error('too much');
    });
    await expect(stopped).rejects.toThrow('too much');
    expect(fs.readdirSync(config.incoming)).toEqual([path.basename(file.path)]);
  });

  it('left by a crash are swept: all of them for the only process, only idle ones when others may be writing', async () => {
    const config = dataDir();
    fs.mkdirSync(config.incoming, { recursive: true });
    const old = path.join(config.incoming, 'old.part');
    const fresh = path.join(config.incoming, 'fresh.part');
    fs.writeFileSync(old, 'x');
    fs.writeFileSync(fresh, 'y');
    const anHourAgo = new Date(Date.now() - 3_600_000);
    fs.utimesSync(old, anHourAgo, anHourAgo);
    await sweepIncoming(config, 120_000);
    expect(fs.readdirSync(config.incoming)).toEqual(['fresh.part']);
    await sweepIncoming(config);
    expect(fs.readdirSync(config.incoming)).toEqual([]);
    await expect(sweepIncoming(dataDir())).resolves.toBeUndefined(); // no folder yet
  });
});
