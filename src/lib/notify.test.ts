import { beforeEach, describe, expect, it, vi } from 'vitest';
import type * as NotifyModule from './notify';

// Fresh module state (the waiting toasts, the holder) for each test.
let notifyModule: typeof NotifyModule;
beforeEach(async () => {
  vi.resetModules();
  notifyModule = await import('./notify');
});

const recorder = () => ({ error: vi.fn(), warning: vi.fn(), success: vi.fn(), dismiss: vi.fn() });

describe('toasts before the holder is drawn (D73)', () => {
  it('wait, ask for the holder once, and show through it when it is drawn', () => {
    const { notify, setHolder, toastsWanted, onToastsWanted } = notifyModule;
    const asked = vi.fn();
    onToastsWanted(asked);
    expect(toastsWanted()).toBe(false);
    notify().error('登录信息无效，请重新登录', 5, 'guard');
    notify().warning('无权访问该页面', 3);
    expect(toastsWanted()).toBe(true);
    expect(asked).toHaveBeenCalledTimes(1);
    const holder = recorder();
    setHolder(holder);
    expect(holder.error).toHaveBeenCalledWith('登录信息无效，请重新登录', 5, 'guard');
    expect(holder.warning).toHaveBeenCalledWith('无权访问该页面', 3, undefined);
    notify().success('已保存');
    expect(holder.success).toHaveBeenCalledWith('已保存');
  });

  it('a keyed toast replaces its waiting self, and a dismissed one is never shown', () => {
    const { notify, setHolder } = notifyModule;
    notify().error('第一次', 5, 'guard');
    notify().error('第二次', 5, 'guard');
    notify().warning('会话已结束', 5, 'session-end');
    notify().dismiss?.('session-end');
    const holder = recorder();
    setHolder(holder);
    expect(holder.error.mock.calls).toEqual([['第二次', 5, 'guard']]);
    expect(holder.warning).not.toHaveBeenCalled();
  });

  it('a notifier installed over the holder (a test fake) wins, and a holder drawn later does not displace it', () => {
    const { notify, setHolder, setNotifier } = notifyModule;
    const fake = recorder();
    const restore = setNotifier(fake);
    const holder = recorder();
    const remove = setHolder(holder);
    notify().error('失败');
    expect(fake.error).toHaveBeenCalledWith('失败');
    expect(holder.error).not.toHaveBeenCalled();
    restore();
    notify().error('再次失败');
    expect(holder.error).toHaveBeenCalledWith('再次失败');
    remove();
    notify().error('等待');
    expect(holder.error).toHaveBeenCalledTimes(1);
  });
});
