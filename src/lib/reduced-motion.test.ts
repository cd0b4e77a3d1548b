import { act, renderHook } from '@testing-library/react';
import { REDUCED_MOTION_QUERY, usePrefersReducedMotion } from './reduced-motion';

function fakeMatchMedia(initial: boolean) {
  const listeners = new Set<() => void>();
  const state = { matches: initial };
  const query = {
    get matches() { return state.matches; },
    addEventListener: (_: string, l: () => void) => listeners.add(l),
    removeEventListener: (_: string, l: () => void) => listeners.delete(l),
  };
  const matchMedia = vi.fn((q: string) => (q === REDUCED_MOTION_QUERY ? query : { matches: false, addEventListener() {}, removeEventListener() {} }));
  return { matchMedia, set: (m: boolean) => { state.matches = m; listeners.forEach((l) => l()); }, listeners };
}

describe('usePrefersReducedMotion', () => {
  const original = window.matchMedia;
  afterEach(() => { window.matchMedia = original; });

  it('reads the system setting and follows its changes', () => {
    const media = fakeMatchMedia(true);
    window.matchMedia = media.matchMedia as unknown as typeof window.matchMedia;
    const { result, unmount } = renderHook(() => usePrefersReducedMotion());
    expect(result.current).toBe(true);
    act(() => media.set(false));
    expect(result.current).toBe(false);
    unmount();
    expect(media.listeners.size).toBe(0);
  });

  it('is false where the browser cannot tell', () => {
    window.matchMedia = undefined as unknown as typeof window.matchMedia;
    const { result } = renderHook(() => usePrefersReducedMotion());
    expect(result.current).toBe(false);
  });
});
