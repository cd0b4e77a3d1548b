// What the pptx and OpenDocument readers share (issue 29): a package's XML parts parsed by @xmldom/xmldom and walked
// by local name, whatever prefix or namespace version the producer wrote (transitional or strict OOXML, ODF 1.0–1.3).
import type { DOMParser, Element, Node } from '@xmldom/xmldom';
import type { ZipLimits } from '../../uploads/limits';
import { readZipEntries } from '../../uploads/zip-guard';

const ELEMENT = 1;
const TEXT = 3;
const CDATA = 4;

/** The parts of a package that were read, each as its bytes or parsed. */
export type Package = {
  has: (name: string) => boolean;
  bytes: (name: string) => Buffer | undefined;
  /** A part's root element; a missing part or malformed XML throws (the document is then reported as damaged). */
  xml: (name: string) => Element;
};

/**
 * The parts of a package that `wanted` names, each inflated within the zip limits (server/uploads/zip-guard.ts).
 * @xmldom/xmldom is loaded here, when a package is first read, rather than at server start.
 */
export async function openPackage(bytes: Buffer, limits: ZipLimits, wanted: (name: string) => boolean): Promise<Package> {
  const [{ DOMParser: Parser }, { parts }] = await Promise.all([import('@xmldom/xmldom'), readZipEntries(bytes, limits, wanted)]);
  return { has: (name) => parts.has(name), bytes: (name) => parts.get(name), xml: (name) => parseXml(Parser, parts.get(name), name) };
}

function parseXml(Parser: typeof DOMParser, bytes: Buffer | undefined, name: string): Element {
  if (!bytes) throw new Error(`damaged: missing ${name}`);
  const parser = new Parser({
    onError: (level, message) => {
      if (level !== 'warning') throw new Error(`damaged: ${name}: ${message}`);
    },
  });
  // A byte order mark before the XML declaration (some producers write one) is not markup.
  const root = parser.parseFromString(bytes.toString('utf8').replace(/^\uFEFF/, ''), 'text/xml').documentElement;
  if (!root) throw new Error(`damaged: empty ${name}`);
  return root;
}

/** An element's child elements, those of one local name when given. */
export function childElements(parent: Node, localName?: string): Element[] {
  const found: Element[] = [];
  for (let n = parent.firstChild; n; n = n.nextSibling) {
    if (n.nodeType === ELEMENT && (!localName || (n as Element).localName === localName)) found.push(n as Element);
  }
  return found;
}

/** Every element below `root` with the local name, in document order. */
export function descendants(root: Element, localName: string): Element[] {
  return Array.from(root.getElementsByTagNameNS('*', localName));
}

/** An attribute by local name in any namespace, or in a namespace (`namespaced`) only, to tell `r:id` from `id`. */
export function attribute(el: Element, localName: string, namespaced = false): string | null {
  for (const a of Array.from(el.attributes)) {
    if (a.localName === localName && (!namespaced || a.namespaceURI)) return a.value;
  }
  return null;
}

/** Whether a node is character data (text or CDATA). */
export const isText = (n: Node) => n.nodeType === TEXT || n.nodeType === CDATA;
