import { contextBridge, ipcRenderer } from 'electron';
import { DESKTOP_CHANNELS, type DesktopBridge } from '../contract/desktop';

// The sandboxed preload (bundled to CommonJS): named calls over invoke, nothing generic.
const desktop = {
  appInfo: () => ipcRenderer.invoke(DESKTOP_CHANNELS.appInfo),
  pickFiles: (request) => ipcRenderer.invoke(DESKTOP_CHANNELS.pickFiles, request),
  saveFile: (request) => ipcRenderer.invoke(DESKTOP_CHANNELS.saveFile, request),
  openExternal: (url) => ipcRenderer.invoke(DESKTOP_CHANNELS.openExternal, url),
  getServerAddress: () => ipcRenderer.invoke(DESKTOP_CHANNELS.getServerAddress),
  setServerAddress: (address) => ipcRenderer.invoke(DESKTOP_CHANNELS.setServerAddress, address),
  testServerAddress: (address) => ipcRenderer.invoke(DESKTOP_CHANNELS.testServerAddress, address),
} satisfies DesktopBridge;

contextBridge.exposeInMainWorld('desktop', desktop);
