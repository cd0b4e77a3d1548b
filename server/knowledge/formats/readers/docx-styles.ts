// What a Word (docx) paragraph inherits from its style (word/styles.xml): its outline level (a heading's level), its
// list numbering, and whether it is a table-of-contents line. A style may inherit from another (w:basedOn); the
// nearest style that says wins.
import type { Element } from '@xmldom/xmldom';
import { attribute, childElements } from '../xml-parts';

/** A paragraph's list numbering: which list (numId) and at which level (ilvl, from 0). */
export type NumberingRef = { numId: string; ilvl: number };

/** What a paragraph style gives its paragraphs. */
export type Styles = {
  /** The outline level (0 for a top heading; undefined for body text). */
  outline: (styleId: string) => number | undefined;
  numbering: (styleId: string) => NumberingRef | undefined;
  /** Whether the style is a table of contents' (TOC 1…9, TOC Heading, 目录 1…). */
  toc: (styleId: string) => boolean;
};

type Style = { name: string; basedOn: string | null; outline?: number; numbering?: NumberingRef };

/** The `w:val` of a child element, or null when there is no such child. */
export function valueOf(parent: Element | undefined, localName: string): string | null {
  const el = parent && childElements(parent, localName)[0];
  return el ? (attribute(el, 'val') ?? '') : null;
}

/** A paragraph's own properties (w:pPr) numbering, if it has one. */
export function numberingOf(pPr: Element | undefined): NumberingRef | undefined {
  const numPr = pPr && childElements(pPr, 'numPr')[0];
  const numId = valueOf(numPr, 'numId');
  return numId === null ? undefined : { numId, ilvl: Number(valueOf(numPr, 'ilvl')) || 0 };
}

/** An outline level as written (`w:outlineLvl w:val="1"`), undefined for none or body text (9). */
export function outlineOf(pPr: Element | undefined): number | undefined {
  const value = valueOf(pPr, 'outlineLvl');
  const level = value === null ? NaN : Number(value);
  return Number.isInteger(level) && level >= 0 && level < 9 ? level : undefined;
}

const HEADING_NAME = /^(heading|标题)\s*([1-9])$/i;
const TOC_NAME = /^(toc\s*(\d|heading)|目录\s*\d|toc 标题)$/i;

/** The styles of a document (`root`: styles.xml's root element, null when the package has none). */
export function readStyles(root: Element | null): Styles {
  const styles = new Map<string, Style>();
  for (const el of root ? childElements(root, 'style') : []) {
    const id = attribute(el, 'styleId') ?? '';
    const pPr = childElements(el, 'pPr')[0];
    const name = valueOf(el, 'name') ?? '';
    const named = HEADING_NAME.exec(name);
    styles.set(id, {
      name,
      basedOn: valueOf(el, 'basedOn'),
      outline: outlineOf(pPr) ?? (named ? Number(named[2]) - 1 : undefined),
      numbering: numberingOf(pPr),
    });
  }
  /** The first value `pick` finds up the style's chain (a cycle is cut). */
  const inherited = <T>(styleId: string, pick: (s: Style) => T | undefined): T | undefined => {
    const seen = new Set<string>();
    for (let id: string | null = styleId; id !== null && !seen.has(id); id = styles.get(id)?.basedOn ?? null) {
      seen.add(id);
      const style = styles.get(id);
      const found = style && pick(style);
      if (found !== undefined) return found;
    }
    return undefined;
  };
  return {
    outline: (id) => inherited(id, (s) => s.outline),
    numbering: (id) => inherited(id, (s) => s.numbering),
    toc: (id) => /^TOC\d$/i.test(id) || TOC_NAME.test(styles.get(id)?.name ?? ''),
  };
}
