import { readJsonFile, writeJsonFile } from './json-file';

/** Size and position of the main window as remembered between runs. */
export type WindowBounds = { x?: number; y?: number; width: number; height: number; maximized: boolean };

/** A display's usable area. */
export type WorkArea = { x: number; y: number; width: number; height: number };

export const DEFAULT_BOUNDS: WindowBounds = { width: 1280, height: 800, maximized: false };
export const MIN_SIZE = { width: 1024, height: 640 };

const isInt = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && Math.abs(v) < 100_000;

/** Bounds from stored JSON, or null when the value is not a sane bounds object. */
export function parseBounds(raw: unknown): WindowBounds | null {
  if (typeof raw !== 'object' || raw === null) return null;
  const r = raw as Record<string, unknown>;
  if (!isInt(r.width) || !isInt(r.height) || r.width <= 0 || r.height <= 0) return null;
  const bounds: WindowBounds = { width: r.width, height: r.height, maximized: r.maximized === true };
  if (isInt(r.x) && isInt(r.y)) Object.assign(bounds, { x: r.x, y: r.y });
  return bounds;
}

/**
 * Fits remembered bounds to the current displays: at least the minimum size, at most the
 * largest work area, and no position when the window's top-left area is on no display
 * (a monitor was unplugged), so the OS centres it.
 */
export function fitBounds(bounds: WindowBounds, areas: readonly WorkArea[]): WindowBounds {
  const maxW = Math.max(MIN_SIZE.width, ...areas.map((a) => a.width));
  const maxH = Math.max(MIN_SIZE.height, ...areas.map((a) => a.height));
  const width = Math.min(Math.max(bounds.width, MIN_SIZE.width), maxW);
  const height = Math.min(Math.max(bounds.height, MIN_SIZE.height), maxH);
  const fitted: WindowBounds = { width, height, maximized: bounds.maximized };
  if (bounds.x === undefined || bounds.y === undefined) return fitted;
  const { x, y } = bounds;
  // The title bar (top 40 px, a 100 px wide stretch) must be reachable on some display.
  const visible = areas.some((a) => x + 100 > a.x && x < a.x + a.width - 100 && y >= a.y && y + 40 <= a.y + a.height);
  return visible ? { ...fitted, x, y } : fitted;
}

/** Remembers window bounds in a JSON file under userData. */
export function createBoundsStore(file: string) {
  return {
    load: (): WindowBounds => parseBounds(readJsonFile(file)) ?? DEFAULT_BOUNDS,
    save: (bounds: WindowBounds): void => writeJsonFile(file, bounds),
  };
}
