import { BrowserWindow, screen } from 'electron';
import { fitBounds, MIN_SIZE, type WindowBounds } from './services/window-bounds';
import { createWebPreferences } from './web-preferences';

/** Inputs of the main window. */
export type MainWindowOptions = {
  preloadPath: string;
  isPackaged: boolean;
  url: string;
  bounds: { load(): WindowBounds; save(bounds: WindowBounds): void };
};

/** Creates the main window with the hardened preferences and remembered bounds, then loads the app. */
export function createMainWindow(options: MainWindowOptions): BrowserWindow {
  const bounds = fitBounds(options.bounds.load(), screen.getAllDisplays().map((d) => d.workArea));
  const win = new BrowserWindow({
    x: bounds.x,
    y: bounds.y,
    width: bounds.width,
    height: bounds.height,
    minWidth: MIN_SIZE.width,
    minHeight: MIN_SIZE.height,
    show: false,
    title: '企业知识库',
    backgroundColor: '#ffffff',
    autoHideMenuBar: true,
    webPreferences: createWebPreferences({ preloadPath: options.preloadPath, isPackaged: options.isPackaged }),
  });
  if (bounds.maximized) win.maximize();
  win.once('ready-to-show', () => win.show());
  win.on('close', () => {
    const normal = win.getNormalBounds();
    options.bounds.save({ ...normal, maximized: win.isMaximized() });
  });
  void win.loadURL(options.url);
  return win;
}
