// LibreOffice as a bounded child process (issue 29 §2), with a fake soffice where the test is about the bounds:
// the package to install when it is missing, the process group killed at the timeout, the memory cap, the private
// profile, no proxy settings, one conversion at a time, nothing left behind.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { makeCompound } from '../../test-support/legacy-fixtures';
import { lockPath } from './convert/one-at-a-time';
import { readDocument } from '.';

const LIMITS = { maxBytes: 256 * 1024 * 1024, maxRatio: 100, maxEntries: 10_000 };
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kb-fake-soffice-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
afterEach(() => {
  delete process.env.HTTPS_PROXY;
  delete process.env.http_proxy;
});

/** A ppt as far as the reader can tell without LibreOffice: a compound file with a PowerPoint Document stream. */
const PPT = makeCompound({ 'PowerPoint Document': Buffer.alloc(64, 1), 'Current User': Buffer.alloc(16) });

/** A fake soffice: a shell script of `body`, logging to `log`. */
function fakeSoffice(name: string, body: string): { script: string; log: string } {
  const script = path.join(dir, name);
  const log = path.join(dir, `${name}.log`);
  fs.writeFileSync(script, `#!/bin/sh\n${body.replaceAll('$LOG', log)}\n`, { mode: 0o755 });
  return { script, log };
}

const office = (sofficePath: string, sofficeTimeoutMs = 60_000) => ({ sofficePath, sofficeTimeoutMs, sofficeMaxMemoryMb: 700 });
const read = (type: 'ppt' | 'dps' | 'doc', sofficePath: string, timeoutMs?: number) =>
  readDocument(PPT, type, { limits: LIMITS, office: office(sofficePath, timeoutMs) });

/** Whether a process is gone (a zombie still answers signal 0 until reaped; the test waits a little for that). */
async function gone(pid: number): Promise<boolean> {
  for (let i = 0; i < 40; i++) {
    try {
      process.kill(pid, 0);
    } catch {
      return true;
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  return false;
}

/** The fake soffice's shell and its child are gone, its work directory and the process's lock removed. */
async function expectNothingLeft(log: string): Promise<void> {
  const [shell, sleeper, work] = fs.readFileSync(log, 'utf8').trim().split('\n');
  expect(await gone(Number(shell))).toBe(true);
  expect(await gone(Number(sleeper))).toBe(true);
  expect(fs.existsSync(work)).toBe(false);
  expect(fs.existsSync(lockPath())).toBe(false);
}

describe('LibreOffice conversion', () => {
  it('fails with the package to install when soffice is missing, never with an empty text', async () => {
    const missing = path.join(dir, 'no-such-soffice');
    await expect(read('ppt', missing)).rejects.toThrow('需要安装 LibreOffice 才能读取PowerPoint（ppt）文件（apt-get install libreoffice-writer-nogui libreoffice-impress-nogui）');
    await expect(read('dps', missing)).rejects.toThrow('需要安装 LibreOffice 才能读取WPS 演示（dps）文件（apt-get install libreoffice-writer-nogui libreoffice-impress-nogui）');
  });

  it('kills the whole process group at the timeout and deletes its files', async () => {
    const fake = fakeSoffice('sleepy', 'echo $$ > $LOG\nsleep 30 &\necho $! >> $LOG\npwd >> $LOG\nwait');
    const started = Date.now();
    await expect(read('ppt', fake.script, 1000)).rejects.toThrow('LibreOffice 转换PowerPoint（ppt）文件超时（超过 1 秒），文件可能过大或已损坏');
    expect(Date.now() - started).toBeLessThan(10_000);
    await expectNothingLeft(fake.log);
  });

  it('kills the conversion when the document is stopped, long before its timeout', async () => {
    const fake = fakeSoffice('stopped', 'echo $$ > $LOG\nsleep 30 &\necho $! >> $LOG\npwd >> $LOG\nwait');
    const stop = new AbortController();
    const reading = readDocument(PPT, 'ppt', { limits: LIMITS, office: office(fake.script), signal: stop.signal });
    // Stopped once the converter is running (its log written).
    for (let i = 0; i < 100 && !(fs.existsSync(fake.log) && fs.readFileSync(fake.log, 'utf8').split('\n').length > 3); i++) {
      await new Promise((r) => setTimeout(r, 50));
    }
    const started = Date.now();
    stop.abort(new Error('已停止'));
    await expect(reading).rejects.toThrow('已停止');
    expect(Date.now() - started).toBeLessThan(5000);
    await expectNothingLeft(fake.log);
  });

  it('runs soffice headless with a private profile, under the memory cap, without proxy settings', async () => {
    process.env.HTTPS_PROXY = 'http://proxy.example:3128';
    process.env.http_proxy = 'http://proxy.example:3128';
    const fake = fakeSoffice('recorder', 'ulimit -v > $LOG\nenv >> $LOG\necho "ARGS $*" >> $LOG');
    await expect(read('ppt', fake.script)).rejects.toThrow('LibreOffice 无法读取该PowerPoint（ppt）文件，文件可能已损坏或已加密');
    const log = fs.readFileSync(fake.log, 'utf8');
    expect(log.split('\n')[0]).toBe(String(700 * 1024));
    expect(log).not.toMatch(/proxy/i);
    const args = /^ARGS (.*)$/m.exec(log)?.[1] ?? '';
    expect(args).toMatch(/^--headless --norestore --nolockcheck .*-env:UserInstallation=file:\/\/\/\S+\/profile --convert-to pptx --outdir \S+\/out \S+\/input\.ppt$/);
    const home = /^HOME=(.*)$/m.exec(log)?.[1] ?? '';
    expect(args).toContain(`${home}/profile`);
    expect(fs.existsSync(home)).toBe(false);
  });

  it('runs one conversion at a time in the process', async () => {
    const fake = fakeSoffice('slow', 'echo "start $(date +%s%N)" >> $LOG\nsleep 0.4\necho "end $(date +%s%N)" >> $LOG');
    await Promise.all([read('ppt', fake.script), read('dps', fake.script), read('ppt', fake.script)].map((p) => p.catch(() => undefined)));
    const events = fs.readFileSync(fake.log, 'utf8').trim().split('\n').map((l) => l.split(' ')[0]);
    expect(events).toEqual(['start', 'end', 'start', 'end', 'start', 'end']);
  });
});
