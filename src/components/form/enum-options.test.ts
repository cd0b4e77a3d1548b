import { cutAfterSecrecy, toOptions } from './enum-options';

const grades = [
  { label: '公开', value: '1' },
  { label: '内部', value: '2' },
  { label: '秘密', value: '3' },
  { label: '机密', value: '4' },
];

describe('cutAfterSecrecy', () => {
  it('keeps options up to and including the bound code', () => expect(cutAfterSecrecy(grades, '2').map((o) => o.label)).toEqual(['公开', '内部']));
  it('matches numbers and strings alike', () => expect(cutAfterSecrecy(grades, 3)).toHaveLength(3));
  it('keeps all without a code or with an unknown one', () => {
    expect(cutAfterSecrecy(grades)).toHaveLength(4);
    expect(cutAfterSecrecy(grades, '9')).toHaveLength(4);
  });
});

describe('toOptions', () => {
  it('reads name and id by default', () => expect(toOptions([{ id: 7, name: '研发' }])).toEqual([{ label: '研发', value: 7 }]));
  it('reads configured keys', () => expect(toOptions([{ code: 'A', text: '甲' }], 'text', 'code')).toEqual([{ label: '甲', value: 'A' }]));
});
