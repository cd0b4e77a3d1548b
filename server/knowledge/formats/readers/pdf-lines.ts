// A PDF page's text items (pdf.js getTextContent) as runs placed on the page and as lines: runs on one baseline in
// the order the page draws them. Coordinates are points from the page's top left, as readers give boxes.

/** What this module reads of a pdf.js text item (TextItem: the string, its matrix and its advance). */
export type PdfTextItem = { str: string; transform: number[]; width: number; height: number; fontName: string };
/** What this module reads of a pdf.js font style (TextStyle): the font's ascent and descent, in ems. */
export type PdfTextStyle = { ascent?: number; descent?: number };

/**
 * A piece of text at its place: left and right edge, baseline, top and bottom, font size, all in points; `spaced`
 * when the page drew a space just before it.
 */
export type Run = {
  text: string; x: number; right: number; base: number; top: number; bottom: number; size: number; upright: boolean; spaced: boolean;
};

/** Runs on one baseline, left to right, and their extent; `size` is the size most of its characters have. */
export type Line = { runs: Run[]; x: number; right: number; base: number; top: number; bottom: number; size: number; upright: boolean };

/** Full-width punctuation as Chinese text writes it (，：；！？（）［］｛｝ and the like): kept as it is. */
const CJK_PUNCTUATION = /[\uff01-\uff0f\uff1a-\uff20\uff3b-\uff40\uff5b-\uff65]+/g;

/**
 * Compatibility characters folded (NFKC: full-width letters and digits, ligatures, ㎏) except Chinese punctuation,
 * which NFKC would turn into ASCII (完好，并 read as 完好,并): a PDF's text reads as the same document's docx does.
 */
export function folded(text: string): string {
  let out = '';
  let from = 0;
  for (const m of text.matchAll(CJK_PUNCTUATION)) {
    out += text.slice(from, m.index).normalize('NFKC') + m[0];
    from = m.index + m[0].length;
  }
  return out + text.slice(from).normalize('NFKC');
}

/** The product of two PDF matrices [a b c d e f] (m applied after n), as pdf.js's Util.transform. */
function multiply(m: number[], n: number[]): number[] {
  return [
    m[0] * n[0] + m[2] * n[1], m[1] * n[0] + m[3] * n[1],
    m[0] * n[2] + m[2] * n[3], m[1] * n[2] + m[3] * n[3],
    m[0] * n[4] + m[2] * n[5] + m[4], m[1] * n[4] + m[3] * n[5] + m[5],
  ];
}

/**
 * A page's text items as runs, in the order the page draws them. `viewport` is the page's viewport transform at
 * scale 1 (PDF user space to points from the top left, the page's rotation applied). A whitespace-only item is
 * not a run: it marks the run after it as spaced.
 */
export function pageRuns(items: PdfTextItem[], styles: Record<string, PdfTextStyle | undefined>, viewport: number[]): Run[] {
  const runs: Run[] = [];
  let spaced = false;
  for (const item of items) {
    if (!item.str || !item.str.trim()) {
      spaced ||= item.str.length > 0;
      continue;
    }
    const m = multiply(viewport, item.transform);
    const size = Math.hypot(m[2], m[3]) || item.height || 1;
    // Text drawn along the page's x axis, left to right; anything else (rotated, vertical) is kept as a line of its own.
    const upright = m[0] > 0 && Math.abs(m[1]) <= 0.01 * Math.abs(m[0]);
    const style = styles[item.fontName];
    const ascent = style?.ascent && style.ascent > 0 ? style.ascent : 0.8;
    const descent = style?.descent && style.descent < 0 ? style.descent : -0.2;
    const base = m[5];
    runs.push({
      text: folded(item.str), x: m[4], right: m[4] + Math.max(item.width, 0), base,
      top: base - size * ascent, bottom: base - size * descent, size, upright, spaced,
    });
    spaced = false;
  }
  return runs;
}

/**
 * Whether a run continues the line: upright both, on its baseline, and to the right of what the line has so far —
 * or exactly on its baseline, wherever it is (a page that draws a line's pieces out of order).
 */
function continues(line: Line, run: Run): boolean {
  if (!line.upright || !run.upright) return false;
  const size = Math.min(line.size, run.size);
  const drift = Math.abs(run.base - line.base);
  return drift <= 0.1 * size || (drift <= 0.35 * size && run.x >= line.right - 0.5 * size);
}

/** A line of one run. */
function lineOf(run: Run): Line {
  return { runs: [run], x: run.x, right: run.right, base: run.base, top: run.top, bottom: run.bottom, size: run.size, upright: run.upright };
}

/** The size most of a line's characters have. */
function dominantSize(runs: Run[]): number {
  const weight = new Map<number, number>();
  for (const r of runs) weight.set(r.size, (weight.get(r.size) ?? 0) + r.text.length);
  let best = runs[0].size;
  for (const [size, n] of weight) if (n > (weight.get(best) ?? 0)) best = size;
  return best;
}

/** A line's size and baseline made those of its main text, not of a superscript or a small capital. */
function settle(line: Line): void {
  if (line.runs.length === 1) return;
  if (line.runs.some((r, i) => i > 0 && r.x < line.runs[i - 1].x)) line.runs.sort((a, b) => a.x - b.x);
  line.size = dominantSize(line.runs);
  line.base = (line.runs.find((r) => r.size === line.size) as Run).base;
}

/** Runs grouped into lines in drawing order: a run joins the line before it when it continues it. */
export function runLines(runs: Run[]): Line[] {
  const lines: Line[] = [];
  let line: Line | null = null;
  for (const run of runs) {
    if (line && continues(line, run)) {
      line.runs.push(run);
      line.right = Math.max(line.right, run.right);
      line.top = Math.min(line.top, run.top);
      line.bottom = Math.max(line.bottom, run.bottom);
    } else {
      if (line) settle(line);
      line = lineOf(run);
      lines.push(line);
    }
  }
  if (line) settle(line);
  return lines;
}

/** The widest gap (in ems of the line's size) that still keeps two runs in one cell of a table. */
export const CELL_GAP_EMS = 1;

const CJK = /[\u2e80-\u9fff\uf900-\ufaff\uff00-\uffef\u3000-\u303f]/;

const PUNCTUATION = /[\p{P}]/u;

/**
 * Whether two pieces of text meet without a space: CJK (ideographs, kana, full-width forms) on both sides, or CJK
 * and punctuation (a half-width comma after Chinese text: 完好,并 not 完好, 并).
 */
export function joinsTight(before: string, after: string): boolean {
  const last = before.slice(-1);
  const first = after.slice(0, 1);
  if (CJK.test(last)) return CJK.test(first) || PUNCTUATION.test(first);
  return CJK.test(first) && PUNCTUATION.test(last) && CJK.test(before.slice(-2, -1));
}

/**
 * Runs written out: a space where the gap is wider than a narrow space (none between CJK characters set close), two
 * where it is an em or more (a table-of-contents gap, clean.ts; tidy makes them one).
 */
export function runsText(runs: Run[]): string {
  let text = '';
  let last: Run | null = null;
  for (const run of runs) {
    if (last) {
      const gap = run.x - last.right;
      const size = Math.min(run.size, last.size);
      const hasSpace = /\s$/.test(text) || /^\s/.test(run.text);
      if (!hasSpace && gap > CELL_GAP_EMS * size) text += '  ';
      else if (!hasSpace && (run.spaced || (gap > 0.2 * size && !joinsTight(text, run.text)))) text += ' ';
    }
    text += run.text;
    last = run;
  }
  return text;
}

/** A line split where runs are far apart (as a table's cells are): each segment's runs, in order. */
export function segmentsOf(line: Line): Run[][] {
  const out: Run[][] = [];
  let last: Run | null = null;
  for (const run of line.runs) {
    if (!last || run.x - last.right > CELL_GAP_EMS * Math.min(run.size, last.size)) out.push([run]);
    else out[out.length - 1].push(run);
    last = run;
  }
  return out;
}
