// LibreOffice headless, for the formats only an office suite reads (issue 29 §2: .ppt, .dps, Word 95 and the .doc/.wps
// files word-extractor cannot read): the file is converted into pptx or docx, which the readers of those formats read.
// `soffice` runs as a bounded child process: in a process group of its own, killed whole at the timeout or when the
// job is stopped; under an address-space cap (`ulimit -v` in a sh wrapper); with a private profile directory and HOME
// of its own; with an environment that carries no proxy settings (LibreOffice opens no connection to convert a file,
// but full network isolation needs the operator's sandbox, e.g. a network namespace); its files deleted afterwards;
// one conversion at a time in the process.
import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { DEFAULT_SOFFICE_MEMORY_MB, DEFAULT_SOFFICE_TIMEOUT_MS, type OfficeConfig } from '../../../config-office';
import { PermanentJobError } from '../../../jobs/worker';
import type { DocumentType } from '../../file-types';
import { TYPE_NAMES } from '../type-names';
import { oneAtATime } from './one-at-a-time';
import { findProgram } from '../programs';

/** Used when the reader is given no configuration (tests, direct calls): soffice on PATH, the default bounds. */
export const DEFAULT_OFFICE: OfficeConfig = {
  sofficePath: null, sofficeTimeoutMs: DEFAULT_SOFFICE_TIMEOUT_MS, sofficeMaxMemoryMb: DEFAULT_SOFFICE_MEMORY_MB,
};

/** The packages to install, named in the reason a document fails for without LibreOffice. */
export const OFFICE_PACKAGES = 'libreoffice-writer-nogui libreoffice-impress-nogui';

/** The reason a document of `type` fails when LibreOffice is not installed. */
export const missingOfficeReason = (type: DocumentType) =>
  `需要安装 LibreOffice 才能读取${TYPE_NAMES[type]}文件（apt-get install ${OFFICE_PACKAGES}）`;

/** The soffice program: SOFFICE_PATH when set (and there), else the first `soffice` on PATH; null when there is none. */
export const findSoffice = (configured: string | null): Promise<string | null> => findProgram('soffice', configured);

/** The child's whole environment: what LibreOffice needs and nothing inherited (no proxy variables, no secrets). */
function childEnv(work: string): NodeJS.ProcessEnv {
  return { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: work, TMPDIR: work, LANG: 'C.UTF-8', SAL_USE_VCLPLUGIN: 'svp' };
}

/** Runs soffice under the caps; resolves when it has exited, 'timeout' when it was killed at the timeout. */
function run(soffice: string, args: string[], work: string, office: OfficeConfig, signal?: AbortSignal): Promise<'exited' | 'timeout'> {
  return new Promise((resolve, reject) => {
    // sh sets the address-space cap (in KiB) on itself and becomes soffice, which passes it on to soffice.bin.
    const child = spawn('/bin/sh', ['-c', 'ulimit -v "$1" || exit 125; shift; exec "$@"', 'sh', String(office.sofficeMaxMemoryMb * 1024), soffice, ...args], {
      cwd: work, env: childEnv(work), detached: true, stdio: 'ignore',
    });
    let timedOut = false;
    const killGroup = () => {
      try {
        if (child.pid) process.kill(-child.pid, 'SIGKILL');
      } catch {
        // already gone
      }
    };
    const timer = setTimeout(() => {
      timedOut = true;
      killGroup();
    }, office.sofficeTimeoutMs);
    const onAbort = () => killGroup();
    signal?.addEventListener('abort', onAbort, { once: true });
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
    };
    child.once('error', (err) => {
      done();
      reject(err);
    });
    child.once('exit', () => {
      done();
      // soffice.bin may outlive the launcher that exited: nothing of the group stays.
      killGroup();
      if (signal?.aborted) reject(signal.reason);
      else resolve(timedOut ? 'timeout' : 'exited');
    });
  });
}

/**
 * A document of `type` converted by LibreOffice into `to` (docx or pptx), as bytes. Fails for good (PermanentJobError,
 * in Chinese) when soffice is not installed, when the conversion passes its time, or when it yields nothing.
 */
export async function convertWithOffice(
  bytes: Buffer, type: DocumentType, to: 'docx' | 'pptx', context: { office?: OfficeConfig; signal?: AbortSignal },
): Promise<Buffer> {
  const office = context.office ?? DEFAULT_OFFICE;
  const soffice = await findSoffice(office.sofficePath);
  if (!soffice) throw new PermanentJobError(missingOfficeReason(type));
  // The lock is taken over after the longest a conversion may take, and a little more for its start and clean-up.
  return oneAtATime(office.sofficeTimeoutMs + 30_000, context.signal, async () => {
    const work = await fs.mkdtemp(path.join(os.tmpdir(), 'kb-soffice-'));
    try {
      const input = path.join(work, `input.${type === 'dps' ? 'ppt' : type === 'wps' ? 'doc' : type}`);
      const outDir = path.join(work, 'out');
      await fs.writeFile(input, bytes, { mode: 0o600 });
      const profile = pathToFileURL(path.join(work, 'profile')).href;
      const args = ['--headless', '--norestore', '--nolockcheck', '--nologo', '--nodefault', `-env:UserInstallation=${profile}`,
        '--convert-to', to, '--outdir', outDir, input];
      if ((await run(soffice, args, work, office, context.signal)) === 'timeout') {
        throw new PermanentJobError(`LibreOffice 转换${TYPE_NAMES[type]}文件超时（超过 ${Math.round(office.sofficeTimeoutMs / 1000)} 秒），文件可能过大或已损坏`);
      }
      const converted = await fs.readFile(path.join(outDir, `input.${to}`)).catch(() => null);
      if (!converted?.length) throw new PermanentJobError(`LibreOffice 无法读取该${TYPE_NAMES[type]}文件，文件可能已损坏或已加密`);
      return converted;
    } finally {
      await fs.rm(work, { recursive: true, force: true });
    }
  });
}
