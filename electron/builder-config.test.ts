import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Ajv } from 'ajv';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');
const readJson = (file: string) => JSON.parse(readFileSync(path.join(root, file), 'utf8')) as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- free-form config under test
const config = readJson('electron-builder.json');
const validate = new Ajv({ allErrors: true, strict: false }).compile(readJson('node_modules/app-builder-lib/scheme.json'));

describe('electron-builder configuration', () => {
  it('is valid against the installed electron-builder schema', () => {
    const ok = validate(config);
    expect(validate.errors ?? []).toEqual([]);
    expect(ok).toBe(true);
  });

  it('is checked by a schema that rejects unknown options', () => {
    expect(validate({ ...config, nodeIntegration: true })).toBe(false);
    expect(validate({ ...config, electronFuses: { ...config.electronFuses, runAsNodee: false } })).toBe(false);
  });

  it('flips the hardening fuses', () => {
    expect(config.electronFuses).toEqual({
      runAsNode: false,
      enableCookieEncryption: true,
      enableNodeOptionsEnvironmentVariable: false,
      enableNodeCliInspectArguments: false,
      enableEmbeddedAsarIntegrityValidation: true,
      onlyLoadAppFromAsar: true,
      loadBrowserProcessSpecificV8Snapshot: false,
      grantFileProtocolExtraPrivileges: false,
    });
  });

  it('packs the app into an ASAR with integrity', () => {
    expect(config.asar).not.toBe(false);
    expect(config.asar?.disableIntegrity).not.toBe(true);
    expect(config.asarUnpack).toBeUndefined();
  });

  it('packages only the built app folder with the IT preset beside it', () => {
    expect(config.directories).toMatchObject({ app: 'dist-electron', buildResources: 'build' });
    expect(config.extraResources).toEqual([{ from: 'resources/config.json', to: 'config.json' }]);
    expect(() => JSON.parse(readFileSync(path.join(root, 'resources/config.json'), 'utf8'))).not.toThrow();
    expect(readFileSync(path.join(root, 'build/icon.png')).subarray(1, 4).toString()).toBe('PNG');
  });

  it('builds Windows NSIS (per-user or per-machine, Chinese), macOS dmg+zip and Linux AppImage+deb', () => {
    expect(config.win.target.map((t: { target: string }) => t.target)).toEqual(['nsis']);
    expect(config.nsis).toMatchObject({ oneClick: false, perMachine: false, installerLanguages: ['zh_CN'], language: '2052' });
    expect(config.mac.target.map((t: { target: string }) => t.target)).toEqual(['dmg', 'zip']);
    expect(config.linux.target.map((t: { target: string }) => t.target)).toEqual(['AppImage', 'deb']);
    for (const name of [config.artifactName, config.nsis.artifactName, config.dmg.artifactName, config.deb.artifactName]) {
      expect(name).toContain('${version}');
    }
  });

  it('publishes updates to a generic feed whose URL comes from the environment', () => {
    expect(config.publish).toEqual([{ provider: 'generic', url: '${env.KB_UPDATE_URL}', channel: 'latest' }]);
  });

  it('uses a supported Electron major', () => {
    const pkg = readJson('package.json');
    expect(Number(String(pkg.devDependencies.electron).split('.')[0])).toBeGreaterThanOrEqual(45);
    expect(pkg.dependencies).not.toHaveProperty('@electron/remote');
    expect(pkg.devDependencies).not.toHaveProperty('@electron/remote');
  });
});
