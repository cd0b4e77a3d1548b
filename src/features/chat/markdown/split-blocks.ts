// A streamed answer is re-rendered many times a second. Splitting it at blank lines outside code fences gives
// blocks whose text no longer changes once the next block has started, so only the last one is parsed again.

const FENCE = /^ {0,3}(`{3,}|~{3,})/;

/** Splits markdown into top-level blocks at blank lines that are not inside a fenced code block. */
export function splitBlocks(markdown: string): string[] {
  const blocks: string[] = [];
  let current: string[] = [];
  let fence: string | null = null;
  for (const line of markdown.split('\n')) {
    const marker = FENCE.exec(line)?.[1];
    if (fence) {
      if (marker && marker[0] === fence[0] && marker.length >= fence.length && line.trim() === marker) fence = null;
    } else if (marker) {
      fence = marker;
    } else if (line.trim() === '') {
      if (current.length) blocks.push(current.join('\n'));
      current = [];
      continue;
    }
    current.push(line);
  }
  if (current.length) blocks.push(current.join('\n'));
  return blocks;
}
