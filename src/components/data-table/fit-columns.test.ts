import { fitWidths, type FitColumn } from './fit-columns';

const col = (key: string, width: number, grows = true, shrinks = grows): FitColumn => ({ key, width, grows, shrinks });
const fixed = (key: string, width: number): FitColumn => col(key, width, false, false);
const sum = (m: Map<string, number>) => [...m.values()].reduce((n, w) => n + w, 0);

describe('fitWidths', () => {
  it('gives the spare width to the growing columns only, in proportion, filling the room exactly', () => {
    const widths = fitWidths([fixed('index', 64), col('name', 100), col('dept', 300), fixed('tools', 200)], 864, 60);
    expect(widths.get('index')).toBe(64);
    expect(widths.get('tools')).toBe(200);
    expect(widths.get('name')).toBe(150);
    expect(widths.get('dept')).toBe(450);
    expect(sum(widths)).toBe(864);
  });

  it('fills the room to the pixel when the shares do not divide evenly', () => {
    const widths = fitWidths([col('a', 100), col('b', 100), col('c', 100), fixed('tools', 200)], 1001, 60);
    expect(sum(widths)).toBe(1001);
    expect(widths.get('tools')).toBe(200);
  });

  it('cuts the widest shrinking columns first, to one common width', () => {
    // 164 px too wide: 操作对象, 详情 and then 用户 come down to one width (85 px); 结果 does not shrink.
    const columns = [fixed('index', 64), col('user', 100), col('object', 170), fixed('result', 64), col('detail', 150), fixed('tools', 200)];
    const widths = fitWidths(columns, 584, 60);
    expect(sum(widths)).toBe(584);
    expect(widths.get('result')).toBe(64);
    expect(widths.get('index')).toBe(64);
    expect(widths.get('tools')).toBe(200);
    expect(Math.max(widths.get('user')!, widths.get('object')!, widths.get('detail')!) - Math.min(widths.get('user')!, widths.get('object')!, widths.get('detail')!)).toBeLessThanOrEqual(1);
  });

  it('leaves a narrow column alone while cutting the wide ones suffices', () => {
    const widths = fitWidths([col('ip', 110), col('object', 200), col('detail', 200)], 460, 60);
    expect(widths.get('ip')).toBe(110);
    expect(widths.get('object')).toBe(175);
    expect(widths.get('detail')).toBe(175);
  });

  it('never cuts below the minimum: what is still too wide is left to scroll', () => {
    const widths = fitWidths([col('a', 100), col('b', 80), fixed('tools', 200)], 300, 60);
    expect(widths.get('a')).toBe(60);
    expect(widths.get('b')).toBe(60);
    expect(sum(widths)).toBe(320);
  });

  it('cuts no column below its own floor (what its heading needs)', () => {
    // 160 px too wide: both would come down to 80, but 用户 stops at its floor and 详情 gives the rest.
    const widths = fitWidths([{ ...col('user', 120), min: 82 }, col('detail', 200)], 160, 60);
    expect(widths.get('user')).toBe(82);
    expect(widths.get('detail')).toBe(78);
  });

  it('grows columns that may not shrink, and shrinks none that may not', () => {
    const columns = [col('status', 86, true, false), col('name', 100)];
    expect(fitWidths(columns, 286, 60).get('status')).toBeGreaterThan(86);
    expect(fitWidths(columns, 150, 60).get('status')).toBe(86);
  });

  it('keeps every width when the room is unknown (not yet measured)', () => {
    const widths = fitWidths([col('a', 100), fixed('tools', 200)], 0, 60);
    expect([...widths.values()]).toEqual([100, 200]);
  });
});
