// The lint rule of issue 28 (D98): `npm run lint` runs dependency-cruiser with .dependency-cruiser.cjs; a new import
// circle must fail it. The fixture holds the smallest circle, a type-only import on one side.
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

describe('the import rule of npm run lint', () => {
  it('refuses an import circle, type-only imports included', () => {
    const run = spawnSync('npx', ['depcruise', 'tests/fixtures/import-circle', '--config', '.dependency-cruiser.cjs', '--output-type', 'err'], {
      encoding: 'utf8',
    });
    expect(run.status).not.toBe(0);
    expect(run.stdout).toMatch(/no-circular: tests\/fixtures\/import-circle\/a\.ts/);
  }, 120_000);
});
