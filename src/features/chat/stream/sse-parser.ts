// A small pure parser of `text/event-stream` (the WHATWG event-stream format) for the chat stream.
// Bytes may arrive cut anywhere: inside a frame, a line ending (CR|LF) or a multi-byte UTF-8 character.

/** Receives the data of each complete event (its `data:` lines joined by "\n"). */
export type SseDataHandler = (data: string) => void;

export type SseParser = {
  /** Feeds the next bytes (or text) of the body. */
  push(chunk: Uint8Array | string): void;
  /** The body ended: flushes a last event that had no blank line after it. */
  end(): void;
};

/** Creates a parser that calls `onData` once per event that carries data; comments and other fields are ignored. */
export function createSseParser(onData: SseDataHandler): SseParser {
  const decoder = new TextDecoder('utf-8');
  let buffer = '';
  let data: string[] = [];
  // A CR at the end of a chunk may be the first half of CRLF: the LF that follows is not a second line end.
  let skipLf = false;

  const dispatch = () => {
    if (data.length) onData(data.join('\n'));
    data = [];
  };

  const line = (text: string) => {
    if (text === '') return dispatch();
    if (text.startsWith(':')) return; // comment (keep-alive)
    const colon = text.indexOf(':');
    const field = colon === -1 ? text : text.slice(0, colon);
    let value = colon === -1 ? '' : text.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'data') data.push(value);
    // `event`, `id` and `retry` carry nothing the chat needs.
  };

  const scan = (text: string) => {
    buffer += text;
    let start = 0;
    for (let i = 0; i < buffer.length; i++) {
      const c = buffer.charCodeAt(i);
      if (c === 10 && skipLf && i === start) {
        skipLf = false;
        start = i + 1;
        continue;
      }
      skipLf = false;
      if (c !== 10 && c !== 13) continue;
      line(buffer.slice(start, i));
      if (c === 13) {
        if (i + 1 < buffer.length) {
          if (buffer.charCodeAt(i + 1) === 10) i++;
        } else skipLf = true;
      }
      start = i + 1;
    }
    buffer = buffer.slice(start);
  };

  return {
    push(chunk) {
      scan(typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true }));
    },
    end() {
      scan(decoder.decode());
      if (buffer) line(buffer);
      buffer = '';
      dispatch();
    },
  };
}
