import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createDesktopConfig, parsePresetConfig } from './desktop-config';

function files(preset: unknown) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kb-config-'));
  const presetFile = path.join(dir, 'config.json');
  if (preset !== undefined) fs.writeFileSync(presetFile, JSON.stringify(preset));
  return { dir, presetFile, settingsFile: path.join(dir, 'user', 'settings.json') };
}

describe('server address configuration', () => {
  it('asks on first run when IT preset nothing', () => {
    const f = files(undefined);
    expect(createDesktopConfig(f.presetFile, f.settingsFile).serverAddress()).toEqual({ address: null, preset: null, source: 'none' });
  });

  it("uses IT's preset until the user chooses another address, and returns to it on reset", () => {
    const f = files({ serverUrl: 'kb.corp.local:8080/' });
    const config = createDesktopConfig(f.presetFile, f.settingsFile);
    expect(config.serverAddress()).toEqual({ address: 'http://kb.corp.local:8080', preset: 'http://kb.corp.local:8080', source: 'preset' });
    config.setServerAddress('https://kb2.corp.local');
    const reopened = createDesktopConfig(f.presetFile, f.settingsFile);
    expect(reopened.serverAddress()).toMatchObject({ address: 'https://kb2.corp.local', source: 'user' });
    expect(reopened.setServerAddress(null)).toMatchObject({ address: 'http://kb.corp.local:8080', source: 'preset' });
  });

  it('ignores invalid preset values and keeps the defaults', () => {
    const preset = parsePresetConfig({ serverUrl: 'javascript:alert(1)', maxUploadMB: { chat: -1, knowledge: 300 }, updateUrl: 'ftp://x', checkForUpdates: 'no' });
    expect(preset).toEqual({
      serverUrl: null,
      maxUploadMB: { chat: 50, testcase: 20, knowledge: 300 },
      updateUrl: null,
      checkForUpdates: true,
    });
    expect(parsePresetConfig(null).serverUrl).toBeNull();
  });

  it('reads the shipped resources/config.json', () => {
    const shipped = JSON.parse(fs.readFileSync(path.resolve(import.meta.dirname, '../../resources/config.json'), 'utf8'));
    expect(parsePresetConfig(shipped)).toMatchObject({ serverUrl: null, checkForUpdates: true });
  });
});
