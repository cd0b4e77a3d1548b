// The parsing benchmark's figures as rows of bench/run.mjs (a goal "≥" said as the shortfall under "≤", as
// bench/recall-quality.mjs does): F1 against the source, table cells found, recall, OCR time. A figure whose file the
// product could not read is FAILED with the Chinese reason, never a silent 0.
import { charF1, cellsFound } from './parsing-score.mjs';
import { round } from './lib.mjs';

/** A row that could not be measured, with the reason. */
export const failedRow = (name, reason) => ({ name: `${name}: FAILED — ${reason}`, value: null, unit: '', failed: true });

const f = (x) => round(x, 4);
const describe = ({ f1, precision, recall }) => `F1 ${f(f1)}, precision ${f(precision)}, recall ${f(recall)}`;

/** Character F1 of a read file against its source, as its shortfall 1 − F1 with a budget, or F1 itself without one. */
export function f1Row(name, read, source, budget) {
  if (read.reason) return failedRow(name, read.reason);
  const score = charF1(read.text, source);
  return budget === undefined
    ? { name: `${name}: character F1 (${describe(score)})`, value: f(score.f1), unit: '' }
    : { name: `${name}: 1 − character F1 (${describe(score)})`, value: f(1 - score.f1), budget, unit: '' };
}

/**
 * The scanned PDF at 300 dpi: ours against the source (F1 ≥ 0.93, as 1 − F1 ≤ 0.07), the `tesseract` command alone on
 * the same page images, and the gap between them (≤ 0.01).
 */
export function scanRows(name, ours, floor, source) {
  const oursRow = f1Row(`${name}, ours`, ours, source, 0.07);
  const floorRow = f1Row(`${name}, the tesseract command alone on the same page images (the floor to match)`, floor, source);
  const gapName = `${name}: F1 gap, the tesseract command alone − ours`;
  if (oursRow.failed || floorRow.failed) return [oursRow, floorRow, failedRow(gapName, ours.reason ?? floor.reason)];
  const gap = charF1(floor.text, source).f1 - charF1(ours.text, source).f1;
  return [oursRow, floorRow, { name: gapName, value: f(gap), budget: 0.01, unit: '' }];
}

/** OCR time, ours (upload's task to FINISHED) ÷ the `tesseract` command's own time on the same pages. */
export function speedRow(name, ours, floorSeconds, pages, budget) {
  if (ours.reason) return failedRow(name, ours.reason);
  if (floorSeconds === null) return failedRow(name, 'tesseract 命令不可用，无法对比');
  const rate = (s) => round(pages / s, 3);
  return {
    name: `${name}, ${pages} pages at 300 dpi (ours ${round(ours.seconds, 1)} s = ${rate(ours.seconds)} pages/s from task to FINISHED; the command ${round(floorSeconds, 1)} s = ${rate(floorSeconds)} pages/s)`,
    value: round(ours.seconds / floorSeconds, 2), budget, unit: '×',
  };
}

/**
 * Table cells found in the chunks with their header and row, per file and over all: `tables` per format its rows,
 * `read` per format the chunks' texts or the reason. The total (goal: found ≥ 99 %) fails when a format did.
 */
export function tableRows(tables, read) {
  const rows = [];
  let cells = 0;
  let found = 0;
  const reasons = [];
  for (const [format, table] of Object.entries(tables)) {
    const name = `table cells found in a chunk with their header and row, ${format}`;
    const got = read[format];
    if (got.reason) {
      rows.push(failedRow(name, got.reason));
      reasons.push(`${format}: ${got.reason}`);
      cells += (table.length - 1) * table[0].length;
      continue;
    }
    const r = cellsFound(table, got.texts);
    cells += r.cells;
    found += r.found;
    rows.push({ name: `${name} (${r.cells} cells): not found (%)`, value: round((100 * (r.cells - r.found)) / r.cells, 2), unit: '%' });
  }
  const total = `table cells found with their header and row, docx + xlsx + pptx + PDF (${cells} cells; ${found} found)`;
  rows.push(reasons.length ? failedRow(total, reasons.join('；')) : { name: `${total}: not found (%; found ≥ 99 % is the goal)`, value: round((100 * (cells - found)) / cells, 2), budget: 1, unit: '%' });
  return rows;
}

/** The recall row of a database: questions missed in the first five (goal hit@5 ≥ 90 %, as missed ≤ 10 %). */
export function recallRow(db, { files, tally }) {
  const asked = Object.values(tally).reduce((n, t) => n + t.asked, 0);
  const answered = Object.values(tally).reduce((n, t) => n + t.answered, 0);
  const parts = `tables ${tally.table.answered}/${tally.table.asked}, scanned pages ${tally.scan.answered}/${tally.scan.asked}, slides ${tally.slide.answered}/${tally.slide.asked}`;
  const name = `recall: questions whose answer is not among the first five (${db}; %, hit@5 = 100 − this; ${asked} questions answered in tables, on scanned pages and in slides: ${parts})`;
  const broken = [...files].filter(([, f]) => f.reason).map(([file, f]) => `${file}: ${f.reason}`);
  const missed = round((100 * (asked - answered)) / asked, 1);
  return broken.length ? failedRow(`${name} = ${missed} %`, broken.join('；')) : { name, value: missed, budget: 10, unit: '%' };
}
