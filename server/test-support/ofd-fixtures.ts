// OFD packages for the tests (issue 29), laid out as GB/T 33190-2016 producers write them (namespace
// http://www.ofdspec.org/2016): OFD.xml → Doc_0/Document.xml → Doc_0/Pages/Page_N/Content.xml, pictures in
// Doc_0/Res named by DocumentRes.xml, a page template in Doc_0/Tpls. Text objects are placed by their baseline.
import { makeZip } from './zip-fixtures';

const NS = 'xmlns:ofd="http://www.ofdspec.org/2016"';
const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** A line of text drawn on a page: its left edge and baseline in millimetres from the page's top left; size 3.5 mm by default. */
export type OfdText = { text: string; x: number; y: number; size?: number };
/** A picture drawn on a page: its box in millimetres and its file's bytes. */
export type OfdImage = { x: number; y: number; w: number; h: number; bytes: Buffer };
export type OfdPage = { texts: OfdText[]; images?: OfdImage[] };

export type OfdOptions = {
  /** Text of a page template every page uses (a letterhead, a running footer). */
  template?: OfdText[];
  /** Overrides of what OFD.xml and Document.xml name (to point outside the package). */
  docRoot?: string;
  pageLoc?: (index: number) => string;
  /** More entries of the package, as they are. */
  extra?: Record<string, string | Buffer>;
};

const isWide = (c: string) => /[\u2e80-\u9fff\uff00-\uffef\u3000-\u303f]/u.test(c);

/** A TextObject as producers write it: its Boundary the line's box, the TextCode's baseline inside it, one advance per glyph. */
function textObject(id: number, t: OfdText): string {
  const size = t.size ?? 3.5;
  const advances = Array.from(t.text).map((c) => (isWide(c) ? size : size / 2));
  const width = advances.reduce((s, v) => s + v, 0);
  const boundary = [t.x, t.y - size, width, size * 1.2].map((v) => +v.toFixed(3)).join(' ');
  const deltaX = advances.slice(0, -1).map((v) => +v.toFixed(3)).join(' ');
  return `<ofd:TextObject ID="${id}" Boundary="${boundary}" Font="3" Size="${size}"><ofd:FillColor Value="0 0 0"/>` +
    `<ofd:TextCode X="0" Y="${size}"${deltaX ? ` DeltaX="${deltaX}"` : ''}>${esc(t.text)}</ofd:TextCode></ofd:TextObject>`;
}

/** A page's (or a template's) Content.xml. */
function content(texts: OfdText[], images: OfdImage[], firstImage: number, template: boolean): string {
  let id = 1000;
  const objects = texts.map((t) => textObject(id++, t)).concat(images.map((img, i) =>
    `<ofd:ImageObject ID="${id++}" Boundary="${img.x} ${img.y} ${img.w} ${img.h}" CTM="${img.w} 0 0 ${img.h} 0 0" ResourceID="${firstImage + i}"/>`));
  const uses = template ? '' : '<ofd:Template TemplateID="2" ZOrder="Background"/>';
  return `<?xml version="1.0" encoding="UTF-8"?><ofd:Page ${NS}>${uses}<ofd:Area><ofd:PhysicalBox>0 0 210 297</ofd:PhysicalBox></ofd:Area>` +
    `<ofd:Content><ofd:Layer ID="${id}" Type="Body">${objects.join('')}</ofd:Layer></ofd:Content></ofd:Page>`;
}

/** An OFD of the pages, in the order given. */
export function makeOfd(pages: OfdPage[], options: OfdOptions = {}): Promise<Buffer> {
  const pageLoc = options.pageLoc ?? ((i: number) => `Pages/Page_${i}/Content.xml`);
  const entries: Record<string, string | Buffer> = {
    'OFD.xml': `<?xml version="1.0" encoding="UTF-8"?><ofd:OFD ${NS} Version="1.0" DocType="OFD"><ofd:DocBody><ofd:DocInfo><ofd:DocID>fixture</ofd:DocID>` +
      `<ofd:Creator>test</ofd:Creator></ofd:DocInfo><ofd:DocRoot>${esc(options.docRoot ?? 'Doc_0/Document.xml')}</ofd:DocRoot></ofd:DocBody></ofd:OFD>`,
  };
  const media: string[] = [];
  let imageId = 50;
  pages.forEach((page, i) => {
    const images = page.images ?? [];
    entries[`Doc_0/Pages/Page_${i}/Content.xml`] = content(page.texts, images, imageId, false);
    images.forEach((img) => {
      const file = `image_${imageId}.png`;
      entries[`Doc_0/Res/${file}`] = img.bytes;
      media.push(`<ofd:MultiMedia ID="${imageId++}" Type="Image" Format="PNG"><ofd:MediaFile>${file}</ofd:MediaFile></ofd:MultiMedia>`);
    });
  });
  entries['Doc_0/Tpls/Tpl_0/Content.xml'] = content(options.template ?? [], [], 0, true);
  entries['Doc_0/DocumentRes.xml'] = `<?xml version="1.0" encoding="UTF-8"?><ofd:Res ${NS} BaseLoc="Res"><ofd:MultiMedias>${media.join('')}</ofd:MultiMedias></ofd:Res>`;
  entries['Doc_0/Document.xml'] = `<?xml version="1.0" encoding="UTF-8"?><ofd:Document ${NS}><ofd:CommonData><ofd:MaxUnitID>${imageId + 2000}</ofd:MaxUnitID>` +
    '<ofd:PageArea><ofd:PhysicalBox>0 0 210 297</ofd:PhysicalBox></ofd:PageArea><ofd:DocumentRes>DocumentRes.xml</ofd:DocumentRes>' +
    '<ofd:TemplatePage ID="2" BaseLoc="Tpls/Tpl_0/Content.xml"/></ofd:CommonData>' +
    `<ofd:Pages>${pages.map((_, i) => `<ofd:Page ID="${10 + i}" BaseLoc="${esc(pageLoc(i))}"/>`).join('')}</ofd:Pages></ofd:Document>`;
  return makeZip({ ...entries, ...options.extra });
}
