import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { embed, startFakeLlm, type FakeLlm } from '../../tests/support/fake-llm';
import { loadConfig } from '../config';
import type { LlmError} from './models';
import { Models, modelsOf } from './models';

let llm: FakeLlm;
beforeAll(async () => {
  llm = await startFakeLlm();
});
afterAll(async () => llm?.close());

const configFor = (extra: Record<string, string> = {}) =>
  loadConfig({ LLM_BASE_URL: llm.url, LLM_MODEL: 'fake-chat', EMBEDDING_MODEL: 'fake-embedding', EMBEDDING_CONCURRENCY: '1', ...extra }, '/tmp');

describe('models', () => {
  it('is one instance per configuration, so every caller shares the queues', () => {
    const config = configFor();
    expect(modelsOf(config)).toBe(modelsOf(config));
    expect(modelsOf(configFor())).not.toBe(modelsOf(config));
  });

  it('embeds through the embedding model’s queue, reported by the status', async () => {
    const models = new Models(configFor());
    const first = models.embed(['差旅报销']);
    const second = models.embed(['年假']);
    expect(models.status().find((s) => s.model_type === 'text2vec')).toEqual({
      model_name: 'fake-embedding', model_type: 'text2vec', limit: 1, running: 1, waiting: 1,
    });
    expect((await first)![0]).toEqual(embed('差旅报销'));
    expect((await second)![0]).toEqual(embed('年假'));
    expect(models.status().find((s) => s.model_type === 'text2vec')).toMatchObject({ running: 0, waiting: 0 });
  });

  it('completes without streaming and maps upstream failures to Chinese messages', async () => {
    const models = new Models(configFor());
    expect(await models.complete('fake-chat', [{ role: 'user', content: '你好' }], {})).toContain('您的问题是「你好」');
    const failure = async (status: number) => models.complete('fake-chat', [{ role: 'user', content: `[error:${status}] x` }], {}).catch((e: LlmError) => e);
    expect(await failure(401)).toMatchObject({ code: 'llm_unauthorized', message: '模型服务拒绝访问（HTTP 401），请管理员检查 LLM_API_KEY' });
    expect(await failure(404)).toMatchObject({ code: 'llm_not_found' });
    expect(await failure(429)).toMatchObject({ code: 'llm_busy' });
    expect(await failure(500)).toMatchObject({ code: 'llm_unavailable', message: '模型服务不可用（HTTP 500），请稍后重试' });
    const down = new Models(loadConfig({ LLM_BASE_URL: 'http://127.0.0.1:9/v1', LLM_MODEL: 'm' }, '/tmp'));
    expect(await down.complete('m', [{ role: 'user', content: 'x' }], {}).catch((e: LlmError) => e)).toMatchObject({ code: 'llm_unavailable' });
    expect(await models.complete('other', [], {}).catch((e: LlmError) => e)).toMatchObject({ code: 'unknown_model' });
  });

  it('aborting a stream cancels the upstream request at once', async () => {
    const models = new Models(configFor());
    const controller = new AbortController();
    const aborted = llm.stats.aborted;
    let text = '';
    await expect((async () => {
      for await (const piece of models.stream('fake-chat', [{ role: 'user', content: '[slow:30] 很长的回答' }], {}, controller.signal)) {
        text += piece;
        if (text.length >= 6) controller.abort();
      }
    })()).rejects.toThrow();
    const deadline = Date.now() + 1000;
    while (llm.stats.aborted === aborted && Date.now() < deadline) await new Promise((r) => setTimeout(r, 5));
    expect(llm.stats.aborted).toBe(aborted + 1);
    expect(models.status()[0]).toMatchObject({ running: 0, waiting: 0 });
  });
});
