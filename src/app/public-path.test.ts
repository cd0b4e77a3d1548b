import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(__dirname, '../..');

describe('public path (spec §9)', () => {
  it('the web build loads its assets from the site root; only the desktop build (file://) keeps ./', () => {
    expect(readFileSync(join(root, 'vite.config.ts'), 'utf8')).toMatch(/^\s*base: '\/',$/m);
    expect(readFileSync(join(root, 'vite.desktop.config.ts'), 'utf8')).toMatch(/^\s*base: '\.\/',$/m);
  });
});
