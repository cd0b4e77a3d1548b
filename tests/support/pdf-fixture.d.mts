/** A PDF whose pages hold the given texts (Type0 font, Identity-H, ToUnicode map; no glyphs embedded). */
export declare function makePdf(pages: string[], charsPerLine?: number): Buffer;
