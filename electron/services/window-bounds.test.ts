import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createBoundsStore, DEFAULT_BOUNDS, fitBounds, parseBounds } from './window-bounds';

const FULL_HD = [{ x: 0, y: 0, width: 1920, height: 1040 }];

describe('window bounds', () => {
  it('remembers size, position and maximised state across runs', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kb-bounds-'));
    const file = path.join(dir, 'window-state.json');
    expect(createBoundsStore(file).load()).toEqual(DEFAULT_BOUNDS);
    createBoundsStore(file).save({ x: 100, y: 50, width: 1400, height: 900, maximized: true });
    expect(createBoundsStore(file).load()).toEqual({ x: 100, y: 50, width: 1400, height: 900, maximized: true });
    fs.rmSync(dir, { recursive: true });
  });

  it('falls back to defaults for a corrupt file', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kb-bounds-'));
    const file = path.join(dir, 'window-state.json');
    fs.writeFileSync(file, '{not json');
    expect(createBoundsStore(file).load()).toEqual(DEFAULT_BOUNDS);
    fs.rmSync(dir, { recursive: true });
  });

  it.each([null, 'x', { width: -1, height: 800 }, { width: 1.5, height: 800 }, { width: '1200', height: 800 }])(
    'rejects the stored value %j',
    (raw) => expect(parseBounds(raw)).toBeNull(),
  );

  it('drops the position when the window would be off every display', () => {
    expect(fitBounds({ x: 3000, y: 100, width: 1200, height: 800, maximized: false }, FULL_HD)).toEqual({
      width: 1200,
      height: 800,
      maximized: false,
    });
    expect(fitBounds({ x: 100, y: -500, width: 1200, height: 800, maximized: false }, FULL_HD)).not.toHaveProperty('x');
  });

  it('keeps a visible position and clamps the size to the screen and the minimum', () => {
    expect(fitBounds({ x: 10, y: 10, width: 5000, height: 300, maximized: false }, FULL_HD)).toEqual({
      x: 10,
      y: 10,
      width: 1920,
      height: 640,
      maximized: false,
    });
  });
});
