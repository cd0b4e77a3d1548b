import { describe, expect, it, vi } from 'vitest';
import { installPermissionHandlers, permissionDecision, type PermissionSessionLike } from './permissions';

const DENIED = ['media', 'geolocation', 'notifications', 'openExternal', 'midi', 'midiSysex', 'pointerLock', 'fullscreen',
  'display-capture', 'idle-detection', 'clipboard-read', 'window-management', 'hid', 'serial', 'usb', 'unknown'];

describe('permissions', () => {
  it.each(DENIED)('denies %s even to the app itself', (permission) => {
    expect(permissionDecision(permission, 'app://kb/index.html')).toBe(false);
  });

  it('allows clipboard writing only to the app', () => {
    expect(permissionDecision('clipboard-sanitized-write', 'app://kb/index.html')).toBe(true);
    expect(permissionDecision('clipboard-sanitized-write', 'https://evil.example/')).toBe(false);
    expect(permissionDecision('clipboard-sanitized-write', 'app://kb.evil/')).toBe(false);
  });

  it('installs handlers that deny requests, checks and devices', () => {
    let request: Parameters<PermissionSessionLike['setPermissionRequestHandler']>[0] | undefined;
    let check: Parameters<PermissionSessionLike['setPermissionCheckHandler']>[0] | undefined;
    let device: Parameters<PermissionSessionLike['setDevicePermissionHandler']>[0] | undefined;
    installPermissionHandlers({
      setPermissionRequestHandler: (h) => (request = h),
      setPermissionCheckHandler: (h) => (check = h),
      setDevicePermissionHandler: (h) => (device = h),
    });
    const callback = vi.fn();
    request!({}, 'media', callback, { requestingUrl: 'app://kb/index.html' });
    request!({}, 'geolocation', callback, {});
    expect(callback.mock.calls).toEqual([[false], [false]]);
    expect(check!({}, 'media', 'app://kb', {})).toBe(false);
    expect(device!({})).toBe(false);
  });
});
