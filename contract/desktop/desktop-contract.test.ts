import { describe, expect, it } from 'vitest';
import { ALL_DESKTOP_CHANNELS, DESKTOP_CHANNELS } from './channels';
import { allowedExtensions, extensionOf, maxUploadBytes, mimeTypeOf } from './file-types';
import { normalizeServerAddress } from './server-address';

describe('desktop channel registry', () => {
  it('names every channel domain:kebab-action, once', () => {
    for (const channel of ALL_DESKTOP_CHANNELS) expect(channel).toMatch(/^[a-z]+:[a-z]+(-[a-z]+)*$/);
    expect(new Set(ALL_DESKTOP_CHANNELS).size).toBe(Object.keys(DESKTOP_CHANNELS).length);
  });
});

describe('normalizeServerAddress', () => {
  it.each([
    ['10.0.0.5:8080', 'http://10.0.0.5:8080'],
    ['https://KB.corp.local/', 'https://kb.corp.local'],
    ['  http://kb:80  ', 'http://kb'],
    ['http://[::1]:8080', 'http://[::1]:8080'],
  ])('%j becomes %j', (input, origin) => expect(normalizeServerAddress(input)).toEqual({ ok: true, address: origin }));

  it.each([
    ['', '请输入服务器地址'],
    ['ftp://kb', '服务器地址仅支持 http 或 https'],
    ['javascript:alert(1)', '服务器地址格式不正确'],
    ['file:///etc/passwd', '服务器地址仅支持 http 或 https'],
    ['http://user:pw@kb', '服务器地址不能包含用户名或密码'],
    ['http://kb/api', '服务器地址只能包含协议、主机和端口'],
    ['http://kb/?a=1', '服务器地址只能包含协议、主机和端口'],
    ['http://', '服务器地址格式不正确'],
  ])('refuses %j with %s', (input, message) => expect(normalizeServerAddress(input)).toEqual({ ok: false, message }));
});

describe('upload file types', () => {
  it('narrows but never widens the purpose list', () => {
    expect(allowedExtensions('chat', ['.XLSX', 'csv', 'exe'])).toEqual(['csv', 'xlsx']);
    expect(allowedExtensions('testcase')).toContain('docx');
    for (const purpose of ['chat', 'knowledge'] as const) expect(allowedExtensions(purpose, ['pptx', 'odt', 'ods', 'odp'])).toEqual(['pptx', 'odt', 'ods', 'odp']);
    expect(allowedExtensions('testcase', ['exe'])).toEqual([]);
  });

  it('derives extension, MIME type and size limit', () => {
    expect(extensionOf('C:\\docs\\需求.DOCX')).toBe('docx');
    expect(extensionOf('.bashrc')).toBe('');
    expect(mimeTypeOf('a.pdf')).toBe('application/pdf');
    expect(mimeTypeOf('会议.odp')).toBe('application/vnd.oasis.opendocument.presentation');
    expect(mimeTypeOf('a.bin')).toBe('application/octet-stream');
    expect(maxUploadBytes('chat')).toBe(50 * 1024 * 1024);
    expect(maxUploadBytes('chat', { chat: 1 })).toBe(1024 * 1024);
  });
});
