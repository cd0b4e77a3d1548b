// The text forms the document readers give a table row and a slide (xlsx, pptx, OpenDocument): a row found alone in
// a chunk still says what its values are, and a slide's notes stay with it.

/** A table as lines: each row after the first with the first row's cells as its headers (`列名: 值；列名: 值`); a one-row table as its cells. */
export function tableLines(rows: string[][]): string[] {
  const [header = [], ...body] = rows;
  if (!body.length) return header.some(Boolean) ? [header.filter(Boolean).join('；')] : [];
  return body.map((row) => rowWithHeader(header, row)).filter(Boolean);
}

/** One row as `header: value` pairs, empty cells left out; a column without a header is named 列N. */
export function rowWithHeader(header: string[], values: string[]): string {
  return values.map((v, i) => (v ? `${header[i] || `列${i + 1}`}: ${v}` : '')).filter(Boolean).join('；');
}

/** A slide as text: introduced by its number and title, its text, then its speaker notes, kept together. */
export function slideText(n: number, title: string, body: string[], notes: string[]): string {
  const lines = [`第 ${n} 张幻灯片${title ? `：${title}` : ''}`, ...body.filter(Boolean)];
  const said = notes.filter(Boolean);
  if (said.length) lines.push(`备注：${said.join('\n')}`);
  return lines.join('\n');
}
