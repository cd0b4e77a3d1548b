import { render } from '../../test/render';
import type { RenderOptions } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import type { ReactElement, ReactNode } from 'react';

// jsdom lacks ResizeObserver, which antd's Table, Tree (virtual list) and Tooltip observe.
if (!('ResizeObserver' in window)) {
  class ResizeObserverStub {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
  Object.defineProperty(window, 'ResizeObserver', { value: ResizeObserverStub, writable: true });
}

// jsdom does not implement pseudo-element styles; antd's scrollbar measurement asks for them and logs an error.
const originalGetComputedStyle = window.getComputedStyle.bind(window);
window.getComputedStyle = (elt: Element, pseudo?: string | null) => originalGetComputedStyle(elt, pseudo ? undefined : pseudo);

/** antd with motion off (no animation waits) and the Chinese locale, as tests need it. */
export function AntdTestProvider({ children }: { children: ReactNode }) {
  return (
    <ConfigProvider locale={zhCN} theme={{ token: { motion: false } }} wave={{ disabled: true }}>
      {children}
    </ConfigProvider>
  );
}

/** Renders inside AntdTestProvider and returns a user-event instance bound to it. */
export function renderAntd(ui: ReactElement, options?: Omit<RenderOptions, 'wrapper'>) {
  // No delays and no pointer-events checks: both cost much time in jsdom and prove nothing here.
  const user = userEvent.setup({ delay: null, pointerEventsCheck: 0 });
  return { user, ...render(ui, { wrapper: AntdTestProvider, ...options }) };
}
