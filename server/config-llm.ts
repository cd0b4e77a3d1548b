// The model variables of the configuration (config.ts): the model server, the chat and embedding models and how many
// requests each serves at once.
import { ConfigError, int, raw, type Env } from './config-env';

/** A model and how many requests it serves at once (more wait in a queue). */
export type ModelLimit = { name: string; limit: number };

export type LlmConfig = {
  /** OpenAI-compatible model server (`…/v1`); null: no model configured (chat answers 未配置大模型). */
  llmBaseUrl: string | null;
  llmApiKey: string;
  /** Chat models with their concurrency limits; the first is the default. Empty without LLM_BASE_URL. */
  llmModels: ModelLimit[];
  /** Embedding model with its concurrency limit, or null. */
  embeddingModel: ModelLimit | null;
  /** Longest wait for a model's answer to start and between its chunks. */
  llmTimeoutMs: number;
  /** Tokens of conversation history sent to the model with a question (the newest rounds that fit). */
  llmContextTokens: number;
};

const MODEL_NAME = /^[A-Za-z0-9._:/@+-]{1,200}$/;

function modelNames(env: Env, name: string): string[] {
  const v = raw(env, name);
  if (v === undefined) return [];
  const names = v.split(',').map((n) => n.trim()).filter(Boolean);
  const bad = names.find((n) => !MODEL_NAME.test(n));
  if (bad !== undefined || names.length === 0) {
    throw new ConfigError(name, `模型名称"${bad ?? v}"无效，应为以逗号分隔的模型名`, `"${bad ?? v}" is not a model name; list names separated by commas`);
  }
  if (new Set(names).size !== names.length) throw new ConfigError(name, '模型名称重复', 'a model is listed twice');
  return names;
}

/**
 * Concurrency limits: a number for every model, and/or `name=limit` pairs (`5,qwen=2`). Each limit 1..1000;
 * a pair must name a listed model.
 */
function modelLimits(env: Env, name: string, models: string[], fallback: number): ModelLimit[] {
  const v = raw(env, name);
  let all = fallback;
  const own = new Map<string, number>();
  const bad = () => new ConfigError(name, '应为 1 到 1000 的整数，或"模型名=上限"以逗号分隔', 'must be an integer 1..1000 or comma-separated model=limit pairs');
  for (const item of v === undefined ? [] : v.split(',').map((p) => p.trim()).filter(Boolean)) {
    const m = /^(?:([^=\s]+)\s*=\s*)?(\d+)$/.exec(item);
    if (!m || Number(m[2]) < 1 || Number(m[2]) > 1000) throw bad();
    if (m[1] === undefined) all = Number(m[2]);
    else if (!models.includes(m[1])) {
      throw new ConfigError(name, `模型 ${m[1]} 不在已配置的模型中`, `model ${m[1]} is not configured`);
    } else own.set(m[1], Number(m[2]));
  }
  return models.map((model) => ({ name: model, limit: own.get(model) ?? all }));
}

function baseUrl(env: Env, name: string): string | null {
  const v = raw(env, name);
  if (v === undefined) return null;
  let parsed: URL | null;
  try {
    parsed = new URL(v);
  } catch {
    parsed = null;
  }
  if (!parsed || !['http:', 'https:'].includes(parsed.protocol)) {
    throw new ConfigError(name, '应为 http:// 或 https:// 开头的地址，如 http://127.0.0.1:8000/v1', 'must be an http(s) URL such as http://127.0.0.1:8000/v1');
  }
  return v.replace(/\/+$/, '');
}

/** The model variables; models need LLM_BASE_URL, and LLM_BASE_URL needs LLM_MODEL. */
export function llmConfig(env: Env): LlmConfig {
  const url = baseUrl(env, 'LLM_BASE_URL');
  const chat = modelNames(env, 'LLM_MODEL');
  const embedding = modelNames(env, 'EMBEDDING_MODEL');
  if (embedding.length > 1) throw new ConfigError('EMBEDDING_MODEL', '只能配置一个向量模型', 'name one embedding model');
  if (url && chat.length === 0) throw new ConfigError('LLM_MODEL', '配置了 LLM_BASE_URL 时须设置模型名', 'must be set when LLM_BASE_URL is');
  if (!url && (chat.length || embedding.length)) {
    throw new ConfigError('LLM_BASE_URL', '配置了 LLM_MODEL 或 EMBEDDING_MODEL 时须设置模型服务地址', 'must be set when LLM_MODEL or EMBEDDING_MODEL is');
  }
  return {
    llmBaseUrl: url,
    llmApiKey: raw(env, 'LLM_API_KEY') ?? '',
    llmModels: modelLimits(env, 'LLM_CONCURRENCY', chat, 5),
    embeddingModel: modelLimits(env, 'EMBEDDING_CONCURRENCY', embedding, 5)[0] ?? null,
    llmTimeoutMs: int(env, 'LLM_TIMEOUT_MS', 120_000, 1000, 3_600_000),
    llmContextTokens: int(env, 'LLM_CONTEXT_TOKENS', 6000, 0, 1_000_000),
  };
}
