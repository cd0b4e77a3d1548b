/** A column as fitting sees it: its width, and whether it may grow into spare room or give way when room is short. */
export type FitColumn = {
  key: string;
  width: number;
  /** Takes a share of the spare width when the columns are narrower than the table. */
  grows: boolean;
  /** Gives way, widest first, when the columns are wider than the table (its text is cut with an ellipsis and a title). */
  shrinks: boolean;
  /** Narrowest it is cut to (e.g. what its heading needs); never below fitWidths' `min`. */
  min?: number;
};

/**
 * The columns' widths fitted to `room` px, in whole pixels. When the columns are narrower than the room, the spare
 * goes to the growing columns in proportion to their widths, so the index, selection and 操作 columns keep theirs
 * (spec §9). When they are wider, the widest shrinking columns give way first, down to their own floor and `min`; what is still too
 * wide scrolls sideways under the fixed 操作 column. Columns not named keep their width.
 */
export function fitWidths(columns: FitColumn[], room: number, min: number): Map<string, number> {
  const total = columns.reduce((n, c) => n + c.width, 0);
  if (room <= 0 || total === room) return new Map(columns.map((c) => [c.key, c.width]));
  return total < room ? grow(columns, room - total) : shrink(columns, total - room, min);
}

function grow(columns: FitColumn[], spare: number): Map<string, number> {
  const result = new Map(columns.map((c) => [c.key, c.width]));
  const growing = columns.filter((c) => c.grows && c.width > 0);
  const base = growing.reduce((n, c) => n + c.width, 0);
  let given = 0;
  growing.forEach((c, i) => {
    // The last takes what rounding left, so the columns fill the room exactly.
    const extra = i === growing.length - 1 ? spare - given : Math.floor((spare * c.width) / base);
    given += extra;
    result.set(c.key, c.width + extra);
  });
  return result;
}

/**
 * The widest shrinking columns are cut to one common width (each never below its own floor, nor `min`) until `excess`
 * px are saved; what cannot be saved is left to scroll.
 */
function shrink(columns: FitColumn[], excess: number, min: number): Map<string, number> {
  const floorOf = (c: FitColumn) => Math.max(min, c.min ?? 0);
  const cut = (c: FitColumn, level: number) => (c.shrinks ? Math.min(c.width, Math.max(level, floorOf(c))) : c.width);
  const saved = (level: number) => columns.reduce((n, c) => n + c.width - cut(c, level), 0);
  // The highest whole-pixel level that saves enough (saved() falls as the level rises).
  let low = 0;
  let high = Math.max(0, ...columns.map((c) => c.width));
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    if (saved(mid) >= excess) low = mid;
    else high = mid - 1;
  }
  const level = low;
  // Cutting to a whole pixel saves up to one pixel too many per column cut to the level: give those back.
  let giveBack = Math.max(0, saved(level) - excess);
  const result = new Map<string, number>();
  for (const c of columns) {
    let width = cut(c, level);
    if (giveBack > 0 && c.shrinks && width === level && c.width > level) {
      width += 1;
      giveBack -= 1;
    }
    result.set(c.key, width);
  }
  return result;
}
