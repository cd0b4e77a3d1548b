import { describe, expect, it } from 'vitest';
import { AREAS } from './areas';
import { AREA_ICONS } from './menu-icons';
import { MANAGEMENT_ICONS } from './sys-mgr-icons';
import { SYS_MGR_ENTRIES } from './sys-mgr-menu';

describe('menu icons, kept apart from the route table', () => {
  it('every area with a menu entry or card has its own icon, and no icon names a missing area', () => {
    const shown = AREAS.filter((a) => !a.hidden).map((a) => a.key);
    expect(Object.keys(AREA_ICONS).sort()).toEqual([...shown].sort());
  });

  it('every management entry has its own icon, and no icon names a missing entry', () => {
    expect(Object.keys(MANAGEMENT_ICONS).sort()).toEqual(SYS_MGR_ENTRIES.map((e) => e.path).sort());
  });
});
