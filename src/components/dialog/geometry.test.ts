import { clampDrag, dialogBodyHeight } from './geometry';

describe('dialogBodyHeight', () => {
  it.each([
    [{ footer: true, fullscreen: false }, 700],
    [{ footer: false, fullscreen: false }, 750],
    [{ footer: true, fullscreen: true }, 802],
    [{ footer: false, fullscreen: true }, 852],
  ])('for a 900px window with %j is %i', (options, expected) => expect(dialogBodyHeight(900, options)).toBe(expected));
  it('never goes below zero', () => expect(dialogBodyHeight(100, { footer: true, fullscreen: false })).toBe(0));
});

describe('clampDrag', () => {
  const viewport = { width: 1000, height: 800 };
  const box = { left: 200, top: 100, right: 800, bottom: 500 };
  it('moves freely inside the viewport', () => expect(clampDrag({ x: 0, y: 0 }, 50, -40, box, viewport)).toEqual({ x: 50, y: -40 }));
  it('stops at the left and top edges', () => expect(clampDrag({ x: 10, y: 10 }, -500, -500, box, viewport)).toEqual({ x: -190, y: -90 }));
  it('stops at the right and bottom edges', () => expect(clampDrag({ x: 0, y: 0 }, 900, 900, box, viewport)).toEqual({ x: 200, y: 300 }));
  it('keeps the top-left corner visible when the box is larger than the viewport', () => {
    expect(clampDrag({ x: 0, y: 0 }, 100, 100, { left: 0, top: 0, right: 1200, bottom: 900 }, viewport)).toEqual({ x: 0, y: 0 });
  });
});
