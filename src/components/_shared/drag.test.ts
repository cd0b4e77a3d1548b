import { fireEvent } from '@testing-library/react';
import { clamp, startDrag } from './drag';

describe('clamp', () => {
  it.each([
    [100, 200],
    [300, 300],
    [900, 500],
  ])('clamps %i into 200..500 as %i', (v, expected) => expect(clamp(v, 200, 500)).toBe(expected));
});

describe('startDrag', () => {
  it('reports the distance moved and stops listening after mouseup', () => {
    const moves: number[] = [];
    const onEnd = vi.fn();
    startDrag({ clientX: 10, clientY: 20, preventDefault: () => {} }, (d) => moves.push(d.dx), onEnd);
    fireEvent.mouseMove(document, { clientX: 40, clientY: 25 });
    fireEvent.mouseUp(document, { clientX: 50, clientY: 30 });
    fireEvent.mouseMove(document, { clientX: 90, clientY: 30 });
    expect(moves).toEqual([30]);
    expect(onEnd).toHaveBeenCalledWith({ dx: 40, dy: 10 });
  });
});
