// Pictures inside documents read by OCR (issue 29 §3): a docx's, a pptx's and an OFD's pictures that hold text are
// recognised and their text put where the picture sits (after its paragraph, on its slide, on its page inside its
// box); icons, drawings no decoder reads and broken pictures are left out without losing the document; progress
// counts pictures; a stop stops.
import { describe, expect, it } from 'vitest';
import { makeOfd } from '../../test-support/ofd-fixtures';
import { makeDocxParts, makePptx } from '../../test-support/office-fixtures';
import { pngOf, textPage } from '../../test-support/scan-fixtures';
import { chunkBlocks } from '../chunk-blocks';
import { readDocument } from './index';
import type { ProgressUnit } from '../../workers/task-channel';
import type { ReadContext, TextBlock } from './types';

const limits = { maxBytes: 256 * 1024 * 1024, maxRatio: 100, maxEntries: 10_000 };
const context = (more: Partial<ReadContext> = {}): ReadContext => ({ limits, ...more });
/** What was read, spaces dropped (Tesseract's spacing of Chinese is not the point). */
const squeezed = (text: string) => text.replace(/\s+/g, '');
const textOf = (blocks: TextBlock[]) => squeezed(blocks.map((b) => b.text).join('\n'));

const LABEL = pngOf(textPage(['截图中的阀门型号', 'Z41H-16C'], { size: 40 }));
/** A company logo with its name: decoration when it is on every slide. */
const LOGO = pngOf(textPage(['华北供水集团'], { size: 40 }));
/** An icon: too small to hold a line of text, never recognised. */
const ICON = pngOf(textPage(['图'], { size: 8 }));
/** A PNG whose header is whole and whose pixels are not: fails to decode. */
const BROKEN = Buffer.concat([LABEL.subarray(0, 33), Buffer.from('not deflate data at all')]);
/** What a drawing in EMF looks like to the decoders: not a picture they read. */
const EMF = Buffer.concat([Buffer.from([1, 0, 0, 0]), Buffer.alloc(80, 7)]);

const r = (text: string) => `<w:r><w:t xml:space="preserve">${text}</w:t></w:r>`;
const p = (content: string) => `<w:p>${content}</w:p>`;
const picture = (id: string) => `<w:r><w:drawing><wp:inline><a:graphic><a:graphicData><pic:pic><pic:blipFill><a:blip r:embed="${id}"/></pic:blipFill></pic:pic></a:graphicData></a:graphic></wp:inline></w:drawing></w:r>`;

describe('pictures inside documents', { timeout: 120_000 }, () => {
  it('docx: the text of a picture comes right after its paragraph; icons, drawings and broken pictures are left out', async () => {
    const docx = await makeDocxParts({
      body: [p(r('安装前请核对铭牌：')), p(`${picture('rIdPic1')}${picture('rIdIcon')}${picture('rIdEmf')}${picture('rIdBroken')}`), p(r('核对无误后再安装。'))].join(''),
      media: { rIdPic1: LABEL, rIdIcon: ICON, rIdEmf: EMF, rIdBroken: BROKEN },
    });
    const seen: [number, number, ProgressUnit | undefined][] = [];
    const { blocks } = await readDocument(docx, 'docx', context({ progress: (done, total, unit) => seen.push([done, total, unit]) }));
    const texts = blocks.map((b) => squeezed(b.text));
    expect(texts[0]).toBe('安装前请核对铭牌：');
    expect(texts.at(-1)).toBe('核对无误后再安装。');
    const middle = texts.slice(1, -1).join('');
    expect(middle).toContain('阀门型号');
    expect(middle).toContain('Z41H-16C');
    expect(blocks.every((b) => b.image === undefined)).toBe(true);
    // Counted: the two pictures large enough to hold text (the broken one fails when decoded); the icon and the
    // drawing were never candidates.
    expect(seen.at(-1)).toEqual([2, 2, 'picture']);
  });

  it('pptx: the text of a slide\'s picture belongs to its slide and its chunk; a logo on every slide is not read', async () => {
    const pptx = await makePptx([
      { title: '概述', body: ['阀门选型'], picture: LOGO }, { title: '铭牌', body: ['见下图'], picture: LABEL },
      { title: '安装', body: ['按图施工'], picture: LOGO }, { title: '验收', body: ['压力试验'], picture: LOGO },
    ]);
    const { blocks } = await readDocument(pptx, 'pptx', context());
    expect(textOf(blocks)).not.toContain('供水集团');
    const recognised = blocks.filter((b) => squeezed(b.text).includes('Z41H-16C'));
    expect(recognised.length).toBeGreaterThan(0);
    expect(recognised.every((b) => b.at.slide === 2)).toBe(true);
    const chunk = chunkBlocks(blocks, { chunkSize: 500, chunkOverlap: 0 }).find((c) => c.content.includes('Z41H-16C'));
    expect(chunk?.content).toContain('铭牌');
    expect(chunk?.position).toMatchObject({ slide: 2 });
  });

  it('OFD: the text of a page\'s picture sits on its page, inside the picture\'s box, before the text below it', async () => {
    const ofd = await makeOfd([
      { texts: [{ text: '第一页正文', x: 30, y: 40 }] },
      { texts: [{ text: '图上方的说明', x: 30, y: 30 }, { text: '图下方的说明', x: 30, y: 150 }], images: [{ x: 20, y: 50, w: 160, h: 60, bytes: LABEL }] },
    ]);
    const { blocks } = await readDocument(ofd, 'ofd', context());
    const at = blocks.findIndex((b) => squeezed(b.text).includes('Z41H-16C'));
    expect(at).toBeGreaterThan(blocks.findIndex((b) => b.text === '图上方的说明'));
    expect(at).toBeLessThan(blocks.findIndex((b) => b.text === '图下方的说明'));
    const mm = 72 / 25.4;
    for (const b of blocks.filter((x) => squeezed(x.text).includes('阀门') || squeezed(x.text).includes('Z41H'))) {
      expect(b.at.page).toBe(2);
      const [x, y, w, h] = b.at.box ?? [-1, -1, -1, -1];
      expect(x).toBeGreaterThanOrEqual(20 * mm - 0.1);
      expect(y).toBeGreaterThanOrEqual(50 * mm - 0.1);
      expect(x + w).toBeLessThanOrEqual(180 * mm + 0.1);
      expect(y + h).toBeLessThanOrEqual(110 * mm + 0.1);
    }
  });

  it('docx: a picture inside a table cell is read after the table, under the table\'s heading', async () => {
    const cell = (content: string) => `<w:tc>${p(content)}</w:tc>`;
    const docx = await makeDocxParts({
      body: [
        `<w:p><w:pPr><w:outlineLvl w:val="0"/></w:pPr>${r('第二章 铭牌')}</w:p>`,
        `<w:tbl><w:tr>${cell(r('型号'))}${cell(r('铭牌照片'))}</w:tr><w:tr>${cell(r('Z41H'))}${cell(picture('rIdPic1'))}</w:tr></w:tbl>`,
        `<w:p><w:pPr><w:outlineLvl w:val="0"/></w:pPr>${r('第三章 附录')}</w:p>`, p(r('附录正文。')),
      ].join(''),
      media: { rIdPic1: LABEL },
    });
    const { blocks } = await readDocument(docx, 'docx', context());
    const at = blocks.findIndex((b) => squeezed(b.text).includes('Z41H-16C'));
    expect(at).toBeGreaterThan(blocks.findIndex((b) => b.kind === 'row'));
    expect(at).toBeLessThan(blocks.findIndex((b) => b.text === '第三章 附录'));
  });

  it('a docx whose only content is a pasted picture of text is read, not refused as empty', async () => {
    const docx = await makeDocxParts({ body: p(picture('rIdPic1')), media: { rIdPic1: LABEL } });
    expect(textOf((await readDocument(docx, 'docx', context())).blocks)).toContain('Z41H-16C');
  });

  it('stops when the document is stopped', async () => {
    const docx = await makeDocxParts({ body: [p(r('正文')), p(picture('rIdPic1'))].join(''), media: { rIdPic1: LABEL } });
    const controller = new AbortController();
    controller.abort(new Error('已停止'));
    await expect(readDocument(docx, 'docx', context({ signal: controller.signal }))).rejects.toThrow('已停止');
  });
});
