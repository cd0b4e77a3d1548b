// The configured models: an OpenAI-compatible client, one concurrency queue per model, and the Chinese
// messages for a model server that fails.
import type OpenAI from 'openai';
import type * as OpenAiSdk from 'openai';
import type { ConcurrencyStatus } from '../../contract/api';
import type { Config, ModelLimit } from '../config';
import { createHttpFetch, ON_REQUEST_SENT } from './http-fetch';

type SdkFetchOptions = NonNullable<Parameters<OpenAI['chat']['completions']['create']>[1]>['fetchOptions'];
import { ConcurrencyLimiter, QueueAbortedError } from './limiter';

export type LlmMessage = { role: 'system' | 'user' | 'assistant'; content: string };
/** A function call the model asked for (OpenAI tools protocol); `arguments` is JSON text as the model wrote it. */
export type ModelToolCall = { id: string; type: 'function'; function: { name: string; arguments: string } };
/** A tool offered to the model. */
export type ModelTool = { type: 'function'; function: { name: string; description: string; parameters: Record<string, unknown> } };
/** Messages of a conversation with tools: the model's calls and the tools' answers besides the plain ones. */
export type AgentMessage =
  | LlmMessage
  | { role: 'assistant'; content: string; tool_calls: ModelToolCall[] }
  | { role: 'tool'; tool_call_id: string; content: string };
export type ChatOptions = { temperature?: number; maxTokens?: number };

/** A model call that failed; `message` is for the user, in Chinese. */
export class LlmError extends Error {
  constructor(message: string, readonly code = 'llm_error') {
    super(message);
    this.name = 'LlmError';
  }
}

type Sdk = typeof OpenAiSdk;
/** The SDK, loaded with the first model call rather than at start (it costs a tenth of the start). */
let sdk: Sdk | null = null;
const loadSdk = async (): Promise<Sdk> => (sdk ??= await import('openai'));
/** Whether `err` is an instance of one of the SDK's error classes (none before the SDK is loaded). */
const sdkError = <K extends 'APIError' | 'APIUserAbortError' | 'APIConnectionTimeoutError'>(err: unknown, name: K): err is InstanceType<Sdk[K]> =>
  sdk !== null && err instanceof sdk[name];

/** Whether an error is the caller's own abort (stop, disconnect), not a model failure. */
export function isAbort(err: unknown, signal?: AbortSignal): boolean {
  return sdkError(err, 'APIUserAbortError') || err instanceof QueueAbortedError || (signal?.aborted ?? false);
}

/** The user's message for a failed model call. */
export function llmErrorMessage(err: unknown, model: string): LlmError {
  if (err instanceof LlmError) return err;
  if (sdkError(err, 'APIConnectionTimeoutError')) return new LlmError(`模型服务不可用：模型 ${model} 响应超时，请稍后重试`, 'llm_timeout');
  if (sdkError(err, 'APIError') && err.status !== undefined) {
    if (err.status === 401 || err.status === 403) {
      return new LlmError(`模型服务拒绝访问（HTTP ${err.status}），请管理员检查 LLM_API_KEY`, 'llm_unauthorized');
    }
    if (err.status === 404) return new LlmError(`模型服务找不到模型 ${model}（HTTP 404），请管理员检查 LLM_MODEL`, 'llm_not_found');
    if (err.status === 429) return new LlmError('模型服务繁忙（HTTP 429），请稍后重试', 'llm_busy');
    return new LlmError(`模型服务不可用（HTTP ${err.status}），请稍后重试`, 'llm_unavailable');
  }
  if (sdkError(err, 'APIError')) return new LlmError('模型服务不可用：无法连接模型服务，请稍后重试或联系管理员', 'llm_unavailable');
  return new LlmError('模型服务中断：回答未能完成，请重试', 'llm_interrupted');
}

/** Models of one server process. */
export class Models {
  readonly chatModels: ModelLimit[];
  readonly embedding: ModelLimit | null;
  private client: OpenAI | null = null;
  private readonly clientOptions: ConstructorParameters<typeof OpenAI>[0] | null;
  private readonly limiters = new Map<string, ConcurrencyLimiter>();
  /** Per answer's signal: the milliseconds its chat calls waited for a model slot (统计's queue wait, D65). */
  private readonly waits = new WeakMap<AbortSignal, number>();

  constructor(config: Pick<Config, 'llmBaseUrl' | 'llmApiKey' | 'llmModels' | 'embeddingModel' | 'llmTimeoutMs'>) {
    this.chatModels = config.llmBaseUrl ? config.llmModels : [];
    this.embedding = config.llmBaseUrl ? config.embeddingModel : null;
    this.clientOptions = config.llmBaseUrl
      ? {
        baseURL: config.llmBaseUrl, apiKey: config.llmApiKey || 'not-needed', timeout: config.llmTimeoutMs, maxRetries: 0,
        fetch: createHttpFetch(),
      }
      : null;
    for (const m of [...this.chatModels, ...(this.embedding ? [this.embedding] : [])]) this.limiters.set(m.name, new ConcurrencyLimiter(m.limit));
  }

  get configured(): boolean {
    return this.chatModels.length > 0;
  }

  get defaultModel(): string | null {
    return this.chatModels[0]?.name ?? null;
  }

  /** Whether `name` is a configured chat model. */
  hasChatModel(name: string): boolean {
    return this.chatModels.some((m) => m.name === name);
  }

  /** Per model: its limit, the requests running and waiting now. */
  status(): ConcurrencyStatus[] {
    const row = (m: ModelLimit, type: ConcurrencyStatus['model_type']): ConcurrencyStatus => {
      const l = this.limiters.get(m.name)!;
      return { model_name: m.name, model_type: type, limit: l.limit, running: l.running, waiting: l.waiting };
    };
    return [...this.chatModels.map((m) => row(m, 'llm')), ...(this.embedding ? [row(this.embedding, 'text2vec')] : [])];
  }

  /**
   * Streams the model's text. The model's slot is taken first (waiting in its queue), and held until the stream
   * ends; aborting `signal` leaves the queue or cancels the upstream HTTP request at once.
   */
  async *stream(model: string, messages: LlmMessage[], options: ChatOptions, signal: AbortSignal): AsyncGenerator<string> {
    yield* this.streamTurn(model, messages, [], options, signal);
  }

  /**
   * One turn of a conversation with tools: streams the model's text and returns the tool calls it asked for
   * (none: the answer is complete). Without tools it is `stream`. `toolChoice: 'none'` asks for text only;
   * `onToolName` hears each call's tool name as soon as it has come, while its arguments are still being written;
   * `onRequestSent` hears when the request has gone out (only over the built-in transport).
   */
  async *streamTurn(
    model: string, messages: AgentMessage[], tools: ModelTool[],
    options: ChatOptions & { toolChoice?: 'auto' | 'none'; onToolName?: (name: string) => void; onRequestSent?: () => void }, signal: AbortSignal,
  ): AsyncGenerator<string, ModelToolCall[]> {
    const release = await this.slot(model, signal);
    let started = false;
    const calls: ModelToolCall[] = [];
    try {
      const client = await this.requireClient();
      const withTools = tools.length ? { tools, tool_choice: options.toolChoice ?? 'auto' } : {};
      const stream = await client.chat.completions.create(
        {
          model, messages: messages as OpenAiSdk.OpenAI.Chat.ChatCompletionMessageParam[], stream: true,
          temperature: options.temperature, max_tokens: options.maxTokens, ...withTools,
        },
        // Our transport reads the extra fetch option; the SDK passes it through untouched.
        { signal, ...(options.onRequestSent ? { fetchOptions: { [ON_REQUEST_SENT]: options.onRequestSent } as unknown as SdkFetchOptions } : {}) },
      );
      started = true;
      for await (const chunk of stream) {
        const delta = chunk.choices[0]?.delta;
        if (delta?.content) yield delta.content;
        // Calls come in pieces keyed by their index: the id and name first, the arguments' JSON in parts.
        for (const part of delta?.tool_calls ?? []) {
          const call = (calls[part.index] ??= { id: '', type: 'function', function: { name: '', arguments: '' } });
          if (part.id) call.id = part.id;
          if (part.function?.name) {
            call.function.name += part.function.name;
            options.onToolName?.(call.function.name);
          }
          if (part.function?.arguments) call.function.arguments += part.function.arguments;
        }
      }
      // The SDK ends the iteration quietly on abort; the caller must know the answer was cut.
      if (signal.aborted) throw new (await loadSdk()).APIUserAbortError();
      return calls.filter(Boolean).map((c, i) => ({ ...c, id: c.id || `call_${i}` }));
    } catch (err) {
      if (isAbort(err, signal)) throw err;
      // Once the answer has started, a broken connection is an interrupted answer, not an unreachable server.
      if (started && !(sdkError(err, 'APIError') && err.status !== undefined)) throw new LlmError('模型服务中断：回答未能完成，请重试', 'llm_interrupted');
      throw llmErrorMessage(err, model);
    } finally {
      release();
    }
  }

  /** A whole answer (not streamed), through the model's queue. */
  async complete(model: string, messages: LlmMessage[], options: ChatOptions, signal?: AbortSignal): Promise<string> {
    const release = await this.slot(model, signal);
    try {
      const client = await this.requireClient();
      const res = await client.chat.completions.create(
        { model, messages, temperature: options.temperature, max_tokens: options.maxTokens },
        { signal },
      );
      return res.choices[0]?.message?.content ?? '';
    } catch (err) {
      if (isAbort(err, signal)) throw err;
      throw llmErrorMessage(err, model);
    } finally {
      release();
    }
  }

  /** How long the chat calls made with `signal` (one answer's) waited for a model slot, in milliseconds. */
  queueWaitOf(signal: AbortSignal): number {
    return this.waits.get(signal) ?? 0;
  }

  /** Embeddings of texts through the embedding model's queue; null when no embedding model is configured. */
  async embed(texts: string[], signal?: AbortSignal): Promise<number[][] | null> {
    if (!this.embedding || !this.clientOptions) return null;
    const { name } = this.embedding;
    return this.limiter(name).run(async () => {
      const client = await this.requireClient();
      try {
        // Floats asked for explicitly: the SDK's default (base64) is misread from servers that ignore it.
        const res = await client.embeddings.create({ model: name, input: texts, encoding_format: 'float' }, { signal });
        return [...res.data].sort((a, b) => a.index - b.index).map((d) => d.embedding);
      } catch (err) {
        if (isAbort(err, signal)) throw err;
        throw llmErrorMessage(err, name);
      }
    }, signal);
  }

  private async requireClient(): Promise<OpenAI> {
    if (!this.clientOptions) throw new LlmError('未配置大模型', 'no_model');
    this.client ??= new (await loadSdk()).default(this.clientOptions);
    return this.client;
  }

  /** A slot in the chat model's queue; the wait is added to the signal's (queueWaitOf). */
  private async slot(model: string, signal?: AbortSignal): Promise<() => void> {
    const t0 = performance.now();
    const release = await this.limiter(model).acquire(signal);
    if (signal) this.waits.set(signal, (this.waits.get(signal) ?? 0) + performance.now() - t0);
    return release;
  }

  private limiter(model: string): ConcurrencyLimiter {
    const l = this.limiters.get(model);
    if (!l) throw new LlmError(`模型不存在：${model}`, 'unknown_model');
    return l;
  }
}

const shared = new WeakMap<object, Models>();

/**
 * The models of a configuration, one instance per process (per app in tests), so every user of a model (chat,
 * file chat, embeddings of documents) waits in the same queue and the status call reports them all.
 */
export function modelsOf(config: Config): Models {
  let models = shared.get(config);
  if (!models) {
    models = new Models(config);
    shared.set(config, models);
  }
  return models;
}
