import { DEFAULT_MAX_UPLOAD_MB, normalizeServerAddress, type FilePurpose, type ServerAddressInfo } from '../../contract/desktop';
import { readJsonFile, writeJsonFile } from './json-file';

/** IT's preset, read from resources/config.json shipped beside the app. */
export type PresetConfig = {
  serverUrl: string | null;
  maxUploadMB: Record<FilePurpose, number>;
  /** Generic update feed overriding the one built into the installer; null keeps the built-in one. */
  updateUrl: string | null;
  checkForUpdates: boolean;
};

/** The user's own settings in userData/settings.json. */
export type UserSettings = { serverAddress: string | null };

function positiveNumber(v: unknown, fallback: number): number {
  return typeof v === 'number' && Number.isFinite(v) && v > 0 ? v : fallback;
}

function httpsUrlOrNull(v: unknown): string | null {
  if (typeof v !== 'string' || v.trim() === '') return null;
  try {
    const url = new URL(v.trim());
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

/** Reads IT's preset leniently: a missing or invalid field falls back to its default. */
export function parsePresetConfig(raw: unknown): PresetConfig {
  const r = (typeof raw === 'object' && raw !== null ? raw : {}) as Record<string, unknown>;
  const address = typeof r.serverUrl === 'string' ? normalizeServerAddress(r.serverUrl) : null;
  const limits = (typeof r.maxUploadMB === 'object' && r.maxUploadMB !== null ? r.maxUploadMB : {}) as Record<string, unknown>;
  return {
    serverUrl: address?.ok ? address.address : null,
    maxUploadMB: {
      chat: positiveNumber(limits.chat, DEFAULT_MAX_UPLOAD_MB.chat),
      testcase: positiveNumber(limits.testcase, DEFAULT_MAX_UPLOAD_MB.testcase),
      knowledge: positiveNumber(limits.knowledge, DEFAULT_MAX_UPLOAD_MB.knowledge),
    },
    updateUrl: httpsUrlOrNull(r.updateUrl),
    checkForUpdates: r.checkForUpdates !== false,
  };
}

/** Reads the user's settings; anything invalid is ignored. */
export function parseUserSettings(raw: unknown): UserSettings {
  const r = (typeof raw === 'object' && raw !== null ? raw : {}) as Record<string, unknown>;
  const address = typeof r.serverAddress === 'string' ? normalizeServerAddress(r.serverAddress) : null;
  return { serverAddress: address?.ok ? address.address : null };
}

/** The effective address: the user's own, else IT's preset, else none (first run asks). */
export function resolveServerAddress(preset: PresetConfig, user: UserSettings): ServerAddressInfo {
  if (user.serverAddress) return { address: user.serverAddress, preset: preset.serverUrl, source: 'user' };
  if (preset.serverUrl) return { address: preset.serverUrl, preset: preset.serverUrl, source: 'preset' };
  return { address: null, preset: null, source: 'none' };
}

/** Preset plus per-user override, persisted in userData/settings.json. */
export function createDesktopConfig(presetFile: string, settingsFile: string) {
  const preset = parsePresetConfig(readJsonFile(presetFile));
  let user = parseUserSettings(readJsonFile(settingsFile));
  return {
    preset,
    serverAddress: (): ServerAddressInfo => resolveServerAddress(preset, user),
    /** Stores the user's address (already normalised) or null to return to the preset. */
    setServerAddress(address: string | null): ServerAddressInfo {
      user = { ...user, serverAddress: address };
      writeJsonFile(settingsFile, user);
      return resolveServerAddress(preset, user);
    },
  };
}

/** The desktop configuration object used by the IPC handlers. */
export type DesktopConfig = ReturnType<typeof createDesktopConfig>;
