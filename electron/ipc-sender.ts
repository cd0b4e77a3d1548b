import { isTrustedAppUrl } from './trusted-url';

/** The part of an IpcMainInvokeEvent the sender check reads. */
export type IpcEventLike = {
  senderFrame: { url: string; parent: unknown | null } | null;
};

/**
 * Whether an IPC call comes from the top frame of a page of the app itself.
 * A destroyed frame, a sub-frame (an iframe of any origin) or another origin is refused.
 */
export function isTrustedIpcSender(event: IpcEventLike, devOrigin: string | null = null): boolean {
  const frame = event.senderFrame;
  if (!frame || frame.parent !== null) return false;
  return isTrustedAppUrl(frame.url, devOrigin);
}
