// Documents the end-to-end tests upload, made in the test (nothing binary committed).
import { makeLayoutPdf } from '../../../server/test-support/pdf-layout';

/** A two-page manual whose chapters are set in larger type, as a born-digital PDF (its page and chapter are read). */
export function manualPdf(): Buffer {
  const lines = (y: number, texts: string[]) => texts.map((text, i) => ({ x: 72, y: y + i * 20, text }));
  return makeLayoutPdf([
    { texts: [{ x: 72, y: 90, text: '第一章 总则', size: 20 }, ...lines(130, ['本手册适用于供水管网的设备安装与验收。', '安装单位应具备相应资质，并按设计文件施工。'])] },
    {
      texts: [
        { x: 72, y: 90, text: '第二章 阀门安装', size: 20 },
        ...lines(130, ['阀门安装前应进行壳体压力试验，试验压力为公称压力的一点五倍。', '试验持续时间不少于五分钟，壳体和填料处无渗漏为合格。']),
      ],
    },
  ]);
}
