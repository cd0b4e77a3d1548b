/** Runtime configuration served beside the app as `config.js` (IT edits it without rebuilding). */
export type RuntimeConfig = {
  /** Shown as the document title and in headers. */
  projectName: string;
  /**
   * Idle time in ms before the client signs the user out (spec §4), or null: then the server's idle setting
   * (SESSION_IDLE_MINUTES, told at sign-in) decides. Set, it can only shorten that (D92).
   */
  timeDifference: number | null;
  /** API origin; empty means the page's own origin. */
  serverUrl: string;
};

type RawConfig = Partial<Record<keyof RuntimeConfig, unknown>>;

declare global {
  interface Window {
    __APP_CONFIG__?: RawConfig;
  }
}

export const DEFAULT_PROJECT_NAME = '企业知识库';
export const DEFAULT_IDLE_MS = 600000;

function positiveNumber(value: unknown): number | null {
  const n = typeof value === 'string' ? Number(value) : value;
  return typeof n === 'number' && Number.isFinite(n) && n > 0 ? n : null;
}

/** Reads `window.__APP_CONFIG__`, falling back to the defaults for anything missing or malformed. */
export function readRuntimeConfig(raw: RawConfig | undefined = window.__APP_CONFIG__): RuntimeConfig {
  const name = typeof raw?.projectName === 'string' ? raw.projectName.trim() : '';
  return {
    projectName: name || DEFAULT_PROJECT_NAME,
    timeDifference: positiveNumber(raw?.timeDifference),
    serverUrl: typeof raw?.serverUrl === 'string' ? raw.serverUrl.trim() : '',
  };
}

/** Sets the document title from the project name (spec §2). */
export function applyDocumentTitle(config: RuntimeConfig = readRuntimeConfig()): void {
  document.title = config.projectName;
}
