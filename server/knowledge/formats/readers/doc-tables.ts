// Tables in a Word 97-2003 file's text as word-extractor gives it: a cell ends with a tab (its 0x07 mark) and a row is
// a line of cells (`型号\t公称压力\t`), a paragraph a line. Consecutive lines of cells are one table; when its rows
// agree on the number of cells (two or more), each row gets the first row's cells as its headers. Otherwise (merged
// cells, a paragraph that happens to end in a tab) the lines stay text: nothing is paired with the wrong header.
import { tableRowBlocks } from '../table-text';
import type { TextBlock } from '../types';

/** Lines of cells as a table when they agree on their cells, else as paragraphs of their cells. */
function tableBlocks(rows: string[][]): TextBlock[] {
  const width = rows[0].length;
  if (width >= 2 && rows.every((r) => r.length === width)) return tableRowBlocks(rows, {});
  return rows.map((r) => r.join(' ').trim()).filter(Boolean).map((text) => ({ kind: 'paragraph' as const, text, at: {} }));
}

/** A Word file's text (word-extractor's, a paragraph or a table row a line) as paragraphs and table rows. */
export function wordTableBlocks(text: string): TextBlock[] {
  const blocks: TextBlock[] = [];
  let rows: string[][] = [];
  const endTable = () => {
    if (rows.length) blocks.push(...tableBlocks(rows));
    rows = [];
  };
  for (const line of text.split('\n')) {
    if (line.endsWith('\t')) {
      rows.push(line.slice(0, -1).split('\t').map((cell) => cell.trim()));
      continue;
    }
    endTable();
    if (line.trim()) blocks.push({ kind: 'paragraph', text: line.trim(), at: {} });
  }
  endTable();
  return blocks;
}
