import { describe, expect, it } from 'vitest';
import type { UserListItem } from '../../../../contract/api';
import { unlockRule } from './user-columns';

const user = (id: number) => ({ id }) as UserListItem;

describe('who may lift a sign-in lock (D24)', () => {
  it('offers nothing without the unlock button', () => {
    expect(unlockRule(false, -2)).toBeNull();
  });

  it('lets the security administrator unlock anyone, the other system accounts included', () => {
    const rule = unlockRule(true, -2)!;
    expect([-1, -3, 5].map((id) => rule(user(id)))).toEqual([true, true, true]);
  });

  it('lets the system administrator unlock only the security administrator', () => {
    const rule = unlockRule(true, -1)!;
    expect([-2, -3, 5].map((id) => rule(user(id)))).toEqual([true, false, false]);
  });
});
