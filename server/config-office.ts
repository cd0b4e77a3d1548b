// The office suite's settings of the configuration (config.ts): where LibreOffice's `soffice` is and how long and how
// much memory one conversion may take (issue 29: .ppt, .dps and old Word files are read through it).
import path from 'node:path';
import { ConfigError, int, raw, type Env } from './config-env';

export type OfficeConfig = {
  /** SOFFICE_PATH: the `soffice` program; null: looked up on PATH when a conversion is needed. */
  sofficePath: string | null;
  /** SOFFICE_TIMEOUT_MS: longest one conversion may run before its process group is killed. */
  sofficeTimeoutMs: number;
  /** SOFFICE_MAX_MEMORY_MB: the conversion's address-space cap (ulimit -v). */
  sofficeMaxMemoryMb: number;
};

/** Default address-space cap of a conversion: LibreOffice reserves far more than it touches, so the cap is generous. */
export const DEFAULT_SOFFICE_MEMORY_MB = 4096;
export const DEFAULT_SOFFICE_TIMEOUT_MS = 120_000;

/** Reads SOFFICE_PATH (an absolute path), SOFFICE_TIMEOUT_MS and SOFFICE_MAX_MEMORY_MB. */
export function officeConfig(env: Env): OfficeConfig {
  const sofficePath = raw(env, 'SOFFICE_PATH') ?? null;
  if (sofficePath !== null && !path.isAbsolute(sofficePath)) {
    throw new ConfigError('SOFFICE_PATH', '应为 soffice 程序的绝对路径，如 /usr/bin/soffice', 'must be the absolute path of soffice, such as /usr/bin/soffice');
  }
  return {
    sofficePath,
    sofficeTimeoutMs: int(env, 'SOFFICE_TIMEOUT_MS', DEFAULT_SOFFICE_TIMEOUT_MS, 1000, 3_600_000),
    sofficeMaxMemoryMb: int(env, 'SOFFICE_MAX_MEMORY_MB', DEFAULT_SOFFICE_MEMORY_MB, 256, 65_536),
  };
}

/** The office settings alone, to hand to a text worker with a task (the whole configuration holds secrets). */
export function officeOf(config: OfficeConfig): OfficeConfig {
  return { sofficePath: config.sofficePath, sofficeTimeoutMs: config.sofficeTimeoutMs, sofficeMaxMemoryMb: config.sofficeMaxMemoryMb };
}
