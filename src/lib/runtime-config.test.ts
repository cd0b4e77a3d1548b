import { describe, expect, it } from 'vitest';
import { applyDocumentTitle, readRuntimeConfig } from './runtime-config';

describe('runtime configuration', () => {
  it('reads projectName, timeDifference and serverUrl from window.__APP_CONFIG__', () => {
    expect(readRuntimeConfig({ projectName: '知识平台', timeDifference: 3000, serverUrl: 'http://10.0.0.2:8080' })).toEqual({
      projectName: '知识平台',
      timeDifference: 3000,
      serverUrl: 'http://10.0.0.2:8080',
    });
  });

  it('falls back to 600000 ms idle time and the default name', () => {
    expect(readRuntimeConfig(undefined)).toEqual({ projectName: '企业知识库', timeDifference: null, serverUrl: '' });
    expect(readRuntimeConfig({ timeDifference: -5 }).timeDifference).toBeNull();
    expect(readRuntimeConfig({ timeDifference: 'abc' }).timeDifference).toBeNull();
    expect(readRuntimeConfig({ timeDifference: '5000' }).timeDifference).toBe(5000);
  });

  it('titles the document with the project name', () => {
    applyDocumentTitle(readRuntimeConfig({ projectName: '知识平台' }));
    expect(document.title).toBe('知识平台');
  });
});
