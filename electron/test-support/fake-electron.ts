// A recording stand-in for the `electron` module (the binary cannot run here).
// Tests mock `electron` with this module and inspect `recorded` afterwards.
import { vi } from 'vitest';

type Listener = (...args: never[]) => unknown;

class Emitter {
  readonly listeners = new Map<string, Listener[]>();
  on(event: string, listener: Listener) {
    this.listeners.set(event, [...(this.listeners.get(event) ?? []), listener]);
    return this;
  }
  once(event: string, listener: Listener) {
    return this.on(event, listener);
  }
  emit(event: string, ...args: unknown[]) {
    for (const l of this.listeners.get(event) ?? []) (l as (...a: unknown[]) => unknown)(...args);
  }
}

export class FakeWebContents extends Emitter {
  windowOpenHandler: ((details: { url: string }) => { action: string }) | null = null;
  setWindowOpenHandler(handler: (details: { url: string }) => { action: string }) {
    this.windowOpenHandler = handler;
  }
}

export class FakeBrowserWindow extends Emitter {
  readonly webContents = new FakeWebContents();
  readonly loadURL = vi.fn(async (_url: string) => {});
  readonly maximize = vi.fn();
  readonly show = vi.fn();
  readonly focus = vi.fn();
  readonly restore = vi.fn();
  constructor(readonly options: Record<string, unknown>) {
    super();
    recorded.windows.push(this);
    app.emit('web-contents-created', {}, this.webContents);
  }
  isMinimized = () => false;
  isMaximized = () => false;
  getNormalBounds = () => ({ x: 10, y: 20, width: 1300, height: 900 });
  static getAllWindows = () => recorded.windows;
  static fromWebContents = () => recorded.windows[0] ?? null;
}

export const recorded = {
  windows: [] as FakeBrowserWindow[],
  ipcHandlers: new Map<string, (event: unknown, ...args: unknown[]) => Promise<unknown>>(),
  exposed: new Map<string, unknown>(),
};

class FakeApp extends Emitter {
  isPackaged = true;
  appData = '/nonexistent';
  readonly paths = new Map<string, string>();
  readonly requestSingleInstanceLock = vi.fn(() => true);
  readonly quit = vi.fn();
  readonly enableSandbox = vi.fn();
  readonly setAppLogsPath = vi.fn();
  getPath = (name: string) => this.paths.get(name) ?? `${this.appData}/${name}`;
  setPath = (name: string, value: string) => void this.paths.set(name, value);
  whenReady = () => Promise.resolve();
  getName = () => '企业知识库';
  getVersion = () => '0.1.0';
}

export const app = new FakeApp();
export const BrowserWindow = FakeBrowserWindow;
export const ipcMain = {
  handle: vi.fn((channel: string, handler: (event: unknown, ...args: unknown[]) => Promise<unknown>) => {
    recorded.ipcHandlers.set(channel, handler);
  }),
};
export const ipcRenderer = { invoke: vi.fn(async (..._args: unknown[]) => undefined) };
export const contextBridge = {
  exposeInMainWorld: vi.fn((key: string, api: unknown) => void recorded.exposed.set(key, api)),
};
export const protocol = { registerSchemesAsPrivileged: vi.fn(), handle: vi.fn() };
export const session = {
  defaultSession: {
    setPermissionRequestHandler: vi.fn(),
    setPermissionCheckHandler: vi.fn(),
    setDevicePermissionHandler: vi.fn(),
  },
};
export const dialog = { showOpenDialog: vi.fn(), showSaveDialog: vi.fn(), showMessageBox: vi.fn() };
export const shell = { openExternal: vi.fn(async (_url: string) => {}) };
export const net = { fetch: vi.fn() };
export const screen = { getAllDisplays: () => [{ workArea: { x: 0, y: 0, width: 1920, height: 1080 } }] };

/** Forgets everything recorded, for the next test. */
export function resetFakeElectron(options: { isPackaged?: boolean; appData?: string } = {}): void {
  recorded.windows.length = 0;
  recorded.ipcHandlers.clear();
  recorded.exposed.clear();
  app.listeners.clear();
  app.paths.clear();
  app.isPackaged = options.isPackaged ?? true;
  app.appData = options.appData ?? '/nonexistent';
  vi.clearAllMocks();
  app.requestSingleInstanceLock.mockReturnValue(true);
}
