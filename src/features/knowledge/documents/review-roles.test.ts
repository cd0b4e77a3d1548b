import { describe, expect, it } from 'vitest';
import { normalizeReviewRoles, reviewRoleField, reviewRoleValues } from './review-roles';

describe('review roles (-2 = 对所有人可见)', () => {
  it('drops 对所有人可见 when a role is picked, and the roles when 对所有人可见 is picked', () => {
    expect(normalizeReviewRoles(['-2'], ['-2', '5'])).toEqual(['5']);
    expect(normalizeReviewRoles(['5', '7'], ['5', '7', '-2'])).toEqual(['-2']);
    expect(normalizeReviewRoles(['5'], [])).toEqual(['-2']);
  });

  it('sends -2 or the comma-separated ids and reads them back', () => {
    expect(reviewRoleField(['-2'])).toBe('-2');
    expect(reviewRoleField(['3', '5'])).toBe('3,5');
    expect(reviewRoleValues('')).toEqual(['-2']);
    expect(reviewRoleValues('3,5')).toEqual(['3', '5']);
  });
});
