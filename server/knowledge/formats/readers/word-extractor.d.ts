// The part of word-extractor (1.0.4, no bundled types) that readers/doc.ts uses: a Word 97-2003 file's text by part.
declare module 'word-extractor' {
  type TextOptions = { filterUnicode?: boolean };
  class WordDocument {
    getBody(options?: TextOptions): string;
    getFootnotes(options?: TextOptions): string;
    getEndnotes(options?: TextOptions): string;
    getTextboxes(options?: TextOptions & { includeHeadersAndFooters?: boolean; includeBody?: boolean }): string;
  }
  class WordExtractor {
    extract(source: Buffer | string): Promise<WordDocument>;
  }
  export default WordExtractor;
}
