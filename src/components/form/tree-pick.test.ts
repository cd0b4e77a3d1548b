import { canPick, filterPickNodes, namesOf, pickValue, splitValue } from './tree-pick';
import type { PickNode } from './tree-pick';

const leaf: PickNode = { id: 2, name: '前端组' };
const parent: PickNode = { id: 1, name: '研发部', children: [leaf, { id: 3, name: '测试组', disabled: true }] };

describe('canPick', () => {
  it('picks leaves', () => expect(canPick(leaf)).toBe(true));
  it('refuses disabled nodes, even with clickParent', () => expect(canPick({ id: 3, name: 'x', disabled: true }, true)).toBe(false));
  it('refuses parents unless clickParent', () => {
    expect(canPick(parent)).toBe(false);
    expect(canPick(parent, true)).toBe(true);
  });
});

describe('values', () => {
  it('joins multi-select values with commas and toggles', () => {
    expect(pickValue('1', '2', true)).toBe('1,2');
    expect(pickValue('1,2', '1', true)).toBe('2');
    expect(pickValue('', '5', true)).toBe('5');
  });
  it('replaces in single select', () => expect(pickValue('1', '2', false)).toBe('2'));
  it('splits comma-joined values', () => expect(splitValue('1,,2')).toEqual(['1', '2']));
  it('names picked ids', () => expect(namesOf([parent], ['2', '1', '9'])).toEqual(['前端组', '研发部', '9']));
});

describe('filterPickNodes', () => {
  it('keeps matches under their ancestors', () => expect(filterPickNodes([parent], '前端')).toEqual([{ ...parent, children: [leaf] }]));
  it('returns all for empty text', () => expect(filterPickNodes([parent], '')).toEqual([parent]));
});
