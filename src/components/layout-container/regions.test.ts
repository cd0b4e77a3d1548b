import { REGION_DEFAULTS, resizedSize } from './regions';

describe('region defaults', () => {
  it('top and bottom are 100 px, left and right 200 px', () => {
    expect([REGION_DEFAULTS.top.size, REGION_DEFAULTS.bottom.size, REGION_DEFAULTS.left.size, REGION_DEFAULTS.right.size]).toEqual([100, 100, 200, 200]);
  });
  it('side panes resize between 200 and 500', () => expect(REGION_DEFAULTS.left).toMatchObject({ min: 200, max: 500 }));
});

describe('resizedSize', () => {
  const d = { dx: 40, dy: 30 };
  it.each([
    ['left', 240],
    ['right', 200],
    ['top', 230],
    ['bottom', 170],
  ] as const)('%s pane', (region, expected) => expect(resizedSize(region, region === 'right' ? 240 : 200, d, 0, 1000)).toBe(expected));
  it('is kept within bounds', () => {
    expect(resizedSize('left', 200, { dx: 900, dy: 0 }, 200, 500)).toBe(500);
    expect(resizedSize('left', 200, { dx: -50, dy: 0 }, 200, 500)).toBe(200);
  });
});
