// How the parsing benchmark scores what the product read (issue 29, bench/parsing.mjs): character F1 against the
// source text, the text of a document put back together from its chunks, and whether a table cell sits in a chunk
// with its column's header and its row. Pure functions, tested in server/knowledge/formats/parsing-bench-helpers.test.ts.

/** The characters of a text as scored: NFKC, whitespace removed, one entry per character (code point). */
export function scoredChars(text) {
  return [...text.normalize('NFKC').replace(/\s+/gu, '')];
}

/** Counts of each character of a text as scored. */
function charCounts(text) {
  const counts = new Map();
  for (const ch of scoredChars(text)) counts.set(ch, (counts.get(ch) ?? 0) + 1);
  return counts;
}

/**
 * Character-level F1 of `extracted` against `source` over character multisets (order ignored): precision is the share
 * of extracted characters the source holds, recall the share of the source's characters extracted, F1 = 2PR/(P+R).
 * Both sides NFKC with whitespace removed. Two empty texts agree fully; one empty side scores 0.
 */
export function charF1(extracted, source) {
  const got = charCounts(extracted);
  const want = charCounts(source);
  let common = 0;
  let gotTotal = 0;
  let wantTotal = 0;
  for (const n of got.values()) gotTotal += n;
  for (const [ch, n] of want) {
    wantTotal += n;
    common += Math.min(n, got.get(ch) ?? 0);
  }
  if (gotTotal === 0 && wantTotal === 0) return { f1: 1, precision: 1, recall: 1 };
  const precision = gotTotal ? common / gotTotal : 0;
  const recall = wantTotal ? common / wantTotal : 0;
  const f1 = precision + recall ? (2 * precision * recall) / (precision + recall) : 0;
  return { f1, precision, recall };
}

/**
 * A document's text put back together from its chunks (in `seq` order, read with no overlap): each chunk's content,
 * preceded by the headings of its `heading_path` (joined by ' › ') not already above the chunk before it, so every
 * heading counts once, as it stands once in the source.
 */
export function textOfChunks(chunks, separator = ' › ') {
  const out = [];
  let above = [];
  for (const chunk of [...chunks].sort((a, b) => a.seq - b.seq)) {
    const path = chunk.heading_path ? chunk.heading_path.split(separator) : [];
    let same = 0;
    while (same < path.length && same < above.length && path[same] === above[same]) same++;
    out.push(...path.slice(same), chunk.content);
    above = path;
  }
  return out.join('\n');
}

/**
 * Labels the presentation readers write into a slide's text (its number before the title, 备注 before the notes) so a
 * chunk says where it is from: the product's words, not the document's, so left out of the text that is scored.
 */
const READER_LABELS = [/^第 ?\d+ ?张幻灯片[:：] ?/gmu, /^备注[:：] ?/gmu];

/** A presentation's text as read, without the readers' own labels (READER_LABELS). */
export function withoutReaderLabels(text) {
  return READER_LABELS.reduce((t, label) => t.replace(label, ''), text);
}

/** A text as matched: NFKC, whitespace removed. */
export const flat = (text) => text.normalize('NFKC').replace(/\s+/gu, '');

/**
 * Whether a cell's value stands in `line` after its column's header and before the next of the table's headers
 * (whatever separates them: `型号: X；名称: Y`, `型号 X 名称 Y`), in a line that also holds the row's key cell.
 */
export function cellInLine(line, { key, header, value, headers }) {
  const text = flat(line);
  const [k, h, v] = [flat(key), flat(header), flat(value)];
  if (!text.includes(k)) return false;
  for (let at = text.indexOf(h); at >= 0; at = text.indexOf(h, at + 1)) {
    const from = at + h.length;
    const ends = headers.map(flat).filter((other) => other !== h).map((other) => text.indexOf(other, from)).filter((i) => i >= 0);
    const segment = text.slice(from, ends.length ? Math.min(...ends) : text.length);
    if (segment.includes(v)) return true;
  }
  return false;
}

/**
 * The cells of a table found in the chunks with their header and row (cellInLine, line by line of every chunk):
 * `rows[0]` is the header row, the first column the row's key. Answers how many cells were asked and found.
 */
export function cellsFound(rows, chunkTexts) {
  const [headers, ...body] = rows;
  const lines = chunkTexts.flatMap((t) => t.split('\n'));
  // Lines by the row key they hold, so each cell looks at a few lines, not all.
  const byKey = new Map(body.map((r) => [r[0], lines.filter((l) => flat(l).includes(flat(r[0])))]));
  let found = 0;
  let cells = 0;
  for (const row of body) {
    row.forEach((value, c) => {
      cells++;
      const cell = { key: row[0], header: headers[c], value, headers };
      if (byKey.get(row[0]).some((line) => cellInLine(line, cell))) found++;
    });
  }
  return { cells, found };
}

/** Character bigrams of a text as matched (flat), for a recognised passage that may differ by a character or two. */
function bigrams(text) {
  const chars = [...flat(text)];
  const out = new Set();
  for (let i = 0; i + 1 < chars.length; i++) out.add(chars[i] + chars[i + 1]);
  return out;
}

/** The share (0..1) of a phrase's character bigrams that a text holds: 1 when it holds the phrase exactly. */
export function bigramShare(phrase, text) {
  const want = bigrams(phrase);
  if (!want.size) return 0;
  const have = bigrams(text);
  let n = 0;
  for (const b of want) if (have.has(b)) n++;
  return n / want.size;
}
