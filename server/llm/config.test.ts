import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config';

const load = (env: Record<string, string>) => loadConfig(env, '/tmp');
const failing = (env: Record<string, string>) => {
  try {
    load(env);
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    return (err as ConfigError).variable;
  }
  throw new Error('expected a ConfigError');
};

describe('model configuration', () => {
  it('has no model by default', () => {
    expect(load({})).toMatchObject({ llmBaseUrl: null, llmModels: [], embeddingModel: null, llmContextTokens: 6000, llmTimeoutMs: 120_000 });
  });

  it('reads models, the default first, with limits for all and per model', () => {
    const c = load({
      LLM_BASE_URL: 'http://127.0.0.1:8000/v1/', LLM_API_KEY: 'k', LLM_MODEL: 'qwen2.5-7b, gpt-4o-mini', LLM_CONCURRENCY: '3, gpt-4o-mini=8',
      EMBEDDING_MODEL: 'bge-m3', EMBEDDING_CONCURRENCY: '20', LLM_CONTEXT_TOKENS: '1000', LLM_TIMEOUT_MS: '5000',
    });
    expect(c).toMatchObject({
      llmBaseUrl: 'http://127.0.0.1:8000/v1', llmApiKey: 'k',
      llmModels: [{ name: 'qwen2.5-7b', limit: 3 }, { name: 'gpt-4o-mini', limit: 8 }],
      embeddingModel: { name: 'bge-m3', limit: 20 }, llmContextTokens: 1000, llmTimeoutMs: 5000,
    });
    expect(load({ LLM_BASE_URL: 'https://x.example/v1', LLM_MODEL: 'a' }).llmModels).toEqual([{ name: 'a', limit: 5 }]);
  });

  it('stops on a bad value, naming the variable', () => {
    expect(failing({ LLM_BASE_URL: 'ftp://x', LLM_MODEL: 'a' })).toBe('LLM_BASE_URL');
    expect(failing({ LLM_BASE_URL: 'not a url', LLM_MODEL: 'a' })).toBe('LLM_BASE_URL');
    expect(failing({ LLM_BASE_URL: 'http://x/v1' })).toBe('LLM_MODEL');
    expect(failing({ LLM_MODEL: 'a' })).toBe('LLM_BASE_URL');
    expect(failing({ LLM_BASE_URL: 'http://x/v1', LLM_MODEL: 'a,a' })).toBe('LLM_MODEL');
    expect(failing({ LLM_BASE_URL: 'http://x/v1', LLM_MODEL: 'a b' })).toBe('LLM_MODEL');
    expect(failing({ LLM_BASE_URL: 'http://x/v1', LLM_MODEL: 'a', LLM_CONCURRENCY: '0' })).toBe('LLM_CONCURRENCY');
    expect(failing({ LLM_BASE_URL: 'http://x/v1', LLM_MODEL: 'a', LLM_CONCURRENCY: 'b=2' })).toBe('LLM_CONCURRENCY');
    expect(failing({ LLM_BASE_URL: 'http://x/v1', LLM_MODEL: 'a', LLM_CONCURRENCY: 'many' })).toBe('LLM_CONCURRENCY');
    expect(failing({ LLM_BASE_URL: 'http://x/v1', LLM_MODEL: 'a', EMBEDDING_MODEL: 'e1,e2' })).toBe('EMBEDDING_MODEL');
    expect(failing({ LLM_CONTEXT_TOKENS: '-1' })).toBe('LLM_CONTEXT_TOKENS');
    expect(failing({ LLM_TIMEOUT_MS: '10' })).toBe('LLM_TIMEOUT_MS');
  });
});
