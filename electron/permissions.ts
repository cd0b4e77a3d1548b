import { isTrustedAppUrl } from './trusted-url';

/** Permissions the app's own page may use: writing to the clipboard (the copy buttons). */
const ALLOWED_FOR_APP = new Set(['clipboard-sanitized-write']);

/** Decision for one permission request: denied unless allow-listed and asked by the app's own page. */
export function permissionDecision(permission: string, requestingUrl: string, devOrigin: string | null = null): boolean {
  return ALLOWED_FOR_APP.has(permission) && isTrustedAppUrl(requestingUrl, devOrigin);
}

/** The part of Electron's Session the handlers are installed on. */
export type PermissionSessionLike = {
  setPermissionRequestHandler(
    handler: (contents: unknown, permission: string, callback: (granted: boolean) => void, details: { requestingUrl?: string }) => void,
  ): void;
  setPermissionCheckHandler(
    handler: (contents: unknown, permission: string, requestingOrigin: string, details: unknown) => boolean,
  ): void;
  setDevicePermissionHandler(handler: (details: unknown) => boolean): void;
};

/** Installs deny-by-default permission handlers on a session. */
export function installPermissionHandlers(session: PermissionSessionLike, devOrigin: string | null = null): void {
  session.setPermissionRequestHandler((_contents, permission, callback, details) => {
    callback(permissionDecision(permission, details?.requestingUrl ?? '', devOrigin));
  });
  session.setPermissionCheckHandler((_contents, permission, requestingOrigin) =>
    permissionDecision(permission, requestingOrigin, devOrigin),
  );
  session.setDevicePermissionHandler(() => false);
}
