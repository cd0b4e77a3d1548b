// The one module that may touch ipcMain: every handler goes through `handle` below.
// eslint-disable-next-line no-restricted-imports
import { ipcMain, type IpcMainInvokeEvent } from 'electron';
import { Value } from 'typebox/value';
import { DESKTOP_CHANNELS, type DesktopBridge, type DesktopChannel, type DesktopMethod } from '../contract/desktop';
import { IPC_ARGS } from './ipc/ipc-schemas';
import { isTrustedIpcSender } from './ipc-sender';

/** Implementation of one bridge method in main; receives already validated arguments. */
export type IpcImpl<M extends DesktopMethod> = (
  ...args: Parameters<DesktopBridge[M]>
) => Awaited<ReturnType<DesktopBridge[M]>> | ReturnType<DesktopBridge[M]>;

/** Registers bridge handlers; records the channels it registered. */
export type IpcRegistrar = {
  handle<M extends DesktopMethod>(method: M, impl: IpcImpl<M>): void;
  channels(): DesktopChannel[];
};

/** Error thrown to the renderer when a call is refused before its handler runs. */
export class IpcRefusedError extends Error {
  override name = 'IpcRefusedError';
}

/**
 * Creates the only IPC registration path: each handler first checks the sender frame
 * (top frame of the app's own origin), then validates the arguments against IPC_ARGS.
 */
export function createIpcRegistrar(options: { devOrigin: string | null; onRefused?: (channel: string, why: string) => void }): IpcRegistrar {
  const registered = new Set<DesktopChannel>();
  return {
    handle(method, impl) {
      const channel = DESKTOP_CHANNELS[method];
      if (registered.has(channel)) throw new Error(`IPC channel registered twice: ${channel}`);
      registered.add(channel);
      const schema = IPC_ARGS[method];
      ipcMain.handle(channel, async (event: IpcMainInvokeEvent, ...args: unknown[]) => {
        if (!isTrustedIpcSender(event, options.devOrigin)) {
          options.onRefused?.(channel, 'untrusted sender');
          throw new IpcRefusedError(`${channel}: untrusted sender`);
        }
        if (!Value.Check(schema, args)) {
          options.onRefused?.(channel, 'invalid arguments');
          throw new IpcRefusedError(`${channel}: invalid arguments`);
        }
        return impl(...(args as Parameters<DesktopBridge[typeof method]>));
      });
    },
    channels: () => [...registered],
  };
}
