import { describe, expect, it } from 'vitest';
import { pollingFor } from './status';

describe('document list polling (spec §4)', () => {
  it('polls every 5000 ms while the server reports work under way or a listed document waits or runs', () => {
    expect(pollingFor({ processing: true, data: [] })).toBe(5000);
    expect(pollingFor({ processing: false, data: [{ status: 'RUNNING' }] })).toBe(5000);
    expect(pollingFor({ processing: false, data: [{ status: 'TODO' }] })).toBe(5000);
  });

  it('does not poll when everything is finished or failed, or before the first answer', () => {
    expect(pollingFor({ processing: false, data: [{ status: 'FINISHED' }, { status: 'FAILED' }] })).toBe(0);
    expect(pollingFor(undefined)).toBe(0);
  });
});
