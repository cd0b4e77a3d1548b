import { Value } from 'typebox/value';
import { SpaceArguments, SpaceArgumentsInput } from '../../contract/api';
import { badRequest } from '../http-error';

/** Knowledge-chat instructions (DB-GPT's defaults, in Chinese). */
const SCENE = '你是企业知识库的智能助手，根据已知的知识库内容，简洁、专业地回答用户的问题。';
const TEMPLATE = [
  '已知信息：',
  '{context}',
  '根据上述已知信息，简洁、专业地回答用户的问题。如果无法从中得到答案，请说"知识库中提供的内容不足以回答此问题"，不允许编造。',
  '回答请分条列出（1. 2. 3.）。',
  '问题：{question}',
].join('\n');

/** Defaults of a new space's arguments (DB-GPT §3.4, chunk_size as its .env template: 500). */
export function defaultArguments(embeddingModel: string | null = null): SpaceArguments {
  return {
    embedding: {
      topk: 5, recall_score: 0.3, recall_type: 'TopK', model: embeddingModel ?? 'FullText', chunk_size: 500, chunk_overlap: 50,
    },
    prompt: { max_token: 2000, scene: SCENE, template: TEMPLATE },
    summary: { max_iteration: 5, concurrency_limit: 3 },
  };
}

/**
 * Arguments after applying an update (an object, or DB-GPT's JSON string) over `base`; numbers given as
 * strings are accepted. Throws a Chinese 400 for anything that does not fit.
 */
export function mergeArguments(base: SpaceArguments, input: SpaceArgumentsInput | string | undefined): SpaceArguments {
  if (input === undefined) return base;
  let patch: unknown = input;
  if (typeof input === 'string') {
    try {
      patch = JSON.parse(input);
    } catch {
      throw badRequest('参数 argument 不是有效的 JSON');
    }
  }
  const converted = Value.Convert(SpaceArgumentsInput, patch) as SpaceArgumentsInput;
  if (!Value.Check(SpaceArgumentsInput, converted)) throw badRequest('知识空间参数不合法，请检查各项取值范围');
  const merged: SpaceArguments = {
    embedding: { ...base.embedding, ...converted.embedding },
    prompt: { ...base.prompt, ...converted.prompt },
    summary: { ...base.summary, ...converted.summary },
  };
  if (!Value.Check(SpaceArguments, merged)) throw badRequest('知识空间参数不合法，请检查各项取值范围');
  if (merged.embedding.chunk_overlap >= merged.embedding.chunk_size) throw badRequest('分块重叠（chunk_overlap）必须小于分块大小（chunk_size）');
  return merged;
}

// A space row kept in memory (spaces.ts) keeps its stored arguments object: checking them against the schemas
// again for every knowledge question cost about 0.2 ms on the path to the first token (D80).
const readBack = new WeakMap<object, SpaceArguments>();

/**
 * A stored context (JSON) read back, falling back to the defaults for anything missing or broken. The answer is
 * shared by every caller with the same stored object: treat it as read-only.
 */
export function storedArguments(stored: unknown, embeddingModel: string | null = null): SpaceArguments {
  const memo = embeddingModel === null && typeof stored === 'object' && stored !== null;
  const known = memo ? readBack.get(stored) : undefined;
  if (known) return known;
  const base = defaultArguments(embeddingModel);
  let args: SpaceArguments;
  try {
    args = mergeArguments(base, stored as SpaceArgumentsInput);
  } catch {
    args = base;
  }
  if (memo) readBack.set(stored, args);
  return args;
}
