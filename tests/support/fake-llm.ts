// A small OpenAI-compatible model server for tests and benchmarks: deterministic, controllable answers.
//
// Markers in the last user message steer it:
//   [slow:N]        wait N ms before each streamed token (and each piece of a tool call)
//   [rate:N]        stream the answer at N characters a second (a model's pace)
//   [fail-after:N]  stream N tokens, then break the connection (a model that dies mid-answer)
//   [long:N]        answer with about N characters of markdown (paragraphs, a table, code)
//   [error:S]       answer HTTP status S with an OpenAI error body
// Otherwise the answer echoes the question and every context passage of the prompt, so a test can
// prove that text which must never reach the model (a secret passage) is absent from the answer.
// A system prompt containing `SQL` is answered with one fenced SQL query built from the question, on the table
// the prompt names (`表名：x`, else `data`): 删除 → DELETE, 多少/count → COUNT(*), 各/每个/按 → the first text
// (VARCHAR) column with the sum of the first numeric column (from the prompt's `- "name" TYPE` lines), else SELECT * LIMIT 10.
//   [bad-sql]         in the last user message: a query on a column that does not exist (a correction then succeeds)
//   [bad-sql-always]  in the last user message: a query on another missing column, and again when the correction
//                     request quotes the error naming that column (the correction fails too)
// A system prompt containing `测试用例` (test-case generation) is answered with the JSON cases of the item named by
// `需求编号：`/`需求标题：`, one per constraint listed (at least one), unless the item's text holds:
//   [bad-json]         malformed JSON at first; the repair request (which quotes the first answer) gets valid cases
//   [bad-json-always]  malformed JSON every time
//   [delay:N]          (any answer that is not streamed) wait N ms first; a request aborted meanwhile counts as aborted
// A request offering tools (chat with tools) follows `[tool:NAME {json}]` markers of the last user message, one call a
// turn: after k tool answers it calls the (k+1)-th marker's tool (the offered function named NAME, or ending in
// `_NAME`; a name not offered is called as written, as a model that invents a tool would), streaming the arguments in
// pieces; `[parallel]` calls every marker's tool in the first turn. With no marker left, or no tools offered, it
// answers `工具结果：` and each tool answer of the turn, joined by ` | `.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { listenOnLoopback } from './loopback';

type Message = { role: string; content: string; tool_calls?: unknown[]; tool_call_id?: string };
type OfferedTool = { type: 'function'; function: { name: string } };
type ChatBody = { model?: string; messages?: Message[]; stream?: boolean; max_tokens?: number; temperature?: number; tools?: OfferedTool[] };
type FakeToolCall = { id: string; name: string; arguments: string };

/** What the fake model has seen and done. */
export type FakeLlmStats = {
  requests: number;
  /** Texts embedded (all embedding requests). */
  embedded: number;
  active: number;
  completed: number;
  aborted: number;
  prompts: Message[][];
  /** The sampling options of each chat request, in order. */
  options: { model: string; temperature?: number; max_tokens?: number; stream: boolean }[];
  /** The tool (function) names offered with each chat request, in order. */
  tools: string[][];
  /** When each chat request arrived and when each streamed answer ended (performance.now() of this process). */
  timing: { arrived: number; ended: number | null }[];
};

export type FakeLlm = { url: string; stats: FakeLlmStats; close: () => Promise<void> };

const EMBEDDING_DIM = 64;

function readJson(req: IncomingMessage): Promise<unknown> {
  return new Promise((resolve, reject) => {
    let raw = '';
    req.setEncoding('utf8');
    req.on('data', (c: string) => (raw += c));
    req.on('end', () => {
      try {
        resolve(raw ? JSON.parse(raw) : {});
      } catch (err) {
        reject(err);
      }
    });
    req.on('error', reject);
  });
}

function marker(text: string, name: string): number | null {
  const m = new RegExp(`\\[${name}:(\\d+)\\]`).exec(text);
  return m ? Number(m[1]) : null;
}

function longMarkdown(chars: number): string {
  const parts: string[] = [];
  let n = 0;
  for (let i = 1; n < chars; i++) {
    const block =
      i % 3 === 0
        ? `\n\n| 序号 | 名称 | 数量 |\n|---|---|---|\n| ${i} | 项目${i} | ${i * 7} |\n| ${i + 1} | 项目${i + 1} | ${i * 9} |\n`
        : i % 3 === 1
          ? `\n\n第${i}段：知识库中的文档经过切分、分词和索引后，可以按照密级和审阅角色检索。`
          : `\n\n\`\`\`ts\nexport function sum${i}(a: number, b: number): number {\n  return a + b + ${i};\n}\n\`\`\`\n`;
    parts.push(block);
    n += block.length;
  }
  return parts.join('').slice(0, chars);
}

const NUMERIC_TYPE = /^(TINYINT|SMALLINT|INTEGER|BIGINT|HUGEINT|FLOAT|DOUBLE|DECIMAL)/i;

function sqlFor(question: string, system = ''): string {
  const table = /表名[:：]\s*([^\s（(，,]+)/.exec(system)?.[1] ?? 'data';
  if (/\[bad-sql-always\]|始终不存在的列/.test(question)) return `SELECT "始终不存在的列" FROM ${table}`;
  if (question.includes('[bad-sql]')) return `SELECT "不存在的列" FROM ${table}`;
  if (/删除|delete|drop/i.test(question)) return `DELETE FROM ${table}`;
  if (/多少|count|几/i.test(question)) return `SELECT COUNT(*) AS total FROM ${table}`;
  const columns = [...system.matchAll(/^- "((?:[^"]|"")+)" (\S+)/gm)].map((m) => ({ name: m[1], type: m[2] }));
  const category = columns.find((c) => /^VARCHAR/i.test(c.type));
  const value = columns.find((c) => NUMERIC_TYPE.test(c.type));
  if (/各|每个|按/.test(question) && category && value) {
    return `SELECT "${category.name}", SUM("${value.name}") AS "${value.name}" FROM ${table} GROUP BY 1 ORDER BY 1`;
  }
  return `SELECT * FROM ${table} LIMIT 10`;
}

/** The JSON cases of a test-case generation request (see the markers above). */
function testCasesFor(messages: Message[]): string {
  const first = messages.find((m) => m.role === 'user')?.content ?? '';
  const repairing = messages.some((m) => m.role === 'assistant');
  if (first.includes('[bad-json-always]') || (first.includes('[bad-json]') && !repairing)) return '{"cases": [{"title": "缺少结尾"';
  const code = /需求编号：(.*)/.exec(first)?.[1]?.trim() ?? 'R';
  const title = /需求标题：(.*)/.exec(first)?.[1]?.trim() ?? '需求';
  const constraints = [...first.matchAll(/^\d+\. (.+)$/gm)].map((m) => m[1]);
  const cases = (constraints.length ? constraints : [title]).map((c, i) => ({
    title: `${title}：${c}（${code}）`,
    module: '',
    precondition: '系统运行正常',
    steps: [{ step: `按「${c}」操作`, expected: '结果符合需求' }, { step: '输入边界值', expected: '边界处理正确' }],
    priority: i === 0 ? 'P0' : 'P2',
    case_type: i === 0 ? '功能' : '边界',
  }));
  return JSON.stringify({ cases });
}

/** Database chat (chat_with_db_execute): DB-GPT's JSON answer with a query on the tables the prompt lists. */
function dbAnswer(user: string, system: string): string {
  const tables = [...system.matchAll(/^表 ([^\s（：]+)/gm)].map((m) => m[1]);
  const table = tables.includes('orders') ? 'orders' : tables[0] ?? 'data';
  let sql: string;
  // An obedient model: an instruction planted in a table or column comment is followed.
  const planted = /〔请使用 SQL：(.+?)〕/.exec(system)?.[1];
  if (planted) sql = planted;
  else if (user.includes('[bad-sql]')) sql = `SELECT no_such_column FROM ${table}`;
  else if (/删除|delete|drop/i.test(user)) sql = `DELETE FROM ${table}`;
  else if (/工资|salar/i.test(user)) sql = 'SELECT * FROM salaries';
  else if (/各|每个|按/.test(user) && table === 'orders') sql = 'SELECT region, SUM(amount) AS amount FROM orders GROUP BY region ORDER BY region';
  else if (/多少|count|几/i.test(user)) sql = `SELECT COUNT(*) AS total FROM ${table}`;
  else sql = `SELECT * FROM ${table} LIMIT 10`;
  return JSON.stringify({ thoughts: '根据问题查询相关的表。', sql, display_type: 'response_bar_chart' });
}

/** The deterministic answer for a prompt. */
export function answerFor(messages: Message[]): string {
  const user = [...messages].reverse().find((m) => m.role === 'user')?.content ?? '';
  const system = messages.filter((m) => m.role === 'system').map((m) => m.content).join('\n');
  const long = marker(user, 'long');
  if (long) return longMarkdown(long);
  if (/测试用例/.test(system)) return testCasesFor(messages);
  if (/display_type/.test(system)) return dbAnswer(user, system);
  if (/数据库专家/.test(system)) return `根据表结构回答：${system.match(/^表 [^\n]+/gm)?.join('；') ?? '没有可访问的表'}。以上是模拟模型的回答。`;
  if (/SQL/.test(system)) return `\`\`\`sql\n${sqlFor(user, system)}\n\`\`\``;
  const context = messages
    .filter((m) => m.role !== 'user' || m !== messages[messages.length - 1])
    .map((m) => m.content)
    .join(' ');
  const echo = context.trim() ? `参考资料：${context.trim()}` : '没有参考资料。';
  return `您的问题是「${user.replace(/\[[a-z-]+:\d+\]/g, '').trim()}」。${echo} 以上是模拟模型的回答。`;
}

/** The tool calls a request with tools asks for next (see the markers above); none: answer with text. */
export function toolCallsFor(messages: Message[], tools: OfferedTool[]): FakeToolCall[] {
  if (!tools.length) return [];
  let lastUser = -1;
  messages.forEach((m, i) => {
    if (m.role === 'user') lastUser = i;
  });
  const user = messages[lastUser]?.content ?? '';
  const markers = [...user.matchAll(/\[tool:([A-Za-z0-9_-]+)(?: (\{.*?\}))?\]/g)].map((m) => ({ name: m[1], args: m[2] ?? '{}' }));
  const answered = messages.slice(lastUser + 1).filter((m) => m.role === 'tool').length;
  const names = tools.map((t) => t.function.name);
  const pick = (name: string) => names.find((n) => n === name) ?? names.find((n) => n.endsWith(`_${name}`)) ?? name;
  const due = user.includes('[parallel]') ? (answered ? [] : markers) : markers.slice(answered, answered + 1);
  return due.map((m, i) => ({ id: `call_${answered + i}_${m.name}`, name: pick(m.name), arguments: m.args }));
}

/** The text answer after tool calls: each tool answer of the turn. */
function toolResultsAnswer(messages: Message[]): string | null {
  let lastUser = -1;
  messages.forEach((m, i) => {
    if (m.role === 'user') lastUser = i;
  });
  const results = messages.slice(lastUser + 1).filter((m) => m.role === 'tool').map((m) => m.content);
  return results.length ? `工具结果：${results.join(' | ')}` : null;
}

/** Splits an answer into tokens of a few characters, keeping multi-byte characters whole. */
export function tokenize(text: string): string[] {
  const chars = Array.from(text);
  const tokens: string[] = [];
  for (let i = 0; i < chars.length; i += 3) tokens.push(chars.slice(i, i + 3).join(''));
  return tokens;
}

/** A deterministic unit vector of a text: hashed character bigrams. */
export function embed(text: string): number[] {
  const v = new Array<number>(EMBEDDING_DIM).fill(0);
  const chars = Array.from(text.toLowerCase());
  for (let i = 0; i < chars.length; i++) {
    const gram = chars[i] + (chars[i + 1] ?? '');
    let h = 2166136261;
    for (const c of gram) h = Math.imul(h ^ c.codePointAt(0)!, 16777619);
    v[Math.abs(h) % EMBEDDING_DIM] += 1;
  }
  const norm = Math.hypot(...v) || 1;
  return v.map((x) => x / norm);
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

async function streamAnswer(
  req: IncomingMessage, res: ServerResponse, model: string, user: string, answer: string, stats: FakeLlmStats, calls: FakeToolCall[] = [],
) {
  const timing = stats.timing[stats.timing.length - 1];
  const slow = marker(user, 'slow') ?? 0;
  const failAfter = marker(user, 'fail-after');
  const id = `chatcmpl-fake-${stats.requests}`;
  let closed = false;
  res.on('close', () => {
    if (!res.writableFinished) {
      closed = true;
      stats.aborted++;
    }
  });
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
  const frame = (delta: Record<string, unknown>, finish: string | null) =>
    `data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created: 0, model, choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;
  res.write(frame({ role: 'assistant', content: '' }, null));
  if (calls.length) {
    // As OpenAI streams calls: the id and name first, then the arguments' JSON in pieces (each after `slow` ms).
    for (const [index, call] of calls.entries()) {
      const pieces = [frame({ tool_calls: [{ index, id: call.id, type: 'function', function: { name: call.name, arguments: '' } }] }, null)];
      for (let i = 0; i < call.arguments.length; i += 8) {
        pieces.push(frame({ tool_calls: [{ index, function: { arguments: call.arguments.slice(i, i + 8) } }] }, null));
      }
      for (const piece of pieces) {
        if (slow) await new Promise((r) => setTimeout(r, slow));
        if (closed) return;
        res.write(piece);
      }
    }
    res.write(frame({}, 'tool_calls'));
    timing.ended = performance.now();
    res.end('data: [DONE]\n\n');
    stats.completed++;
    return;
  }
  const tokens = tokenize(answer);
  const rate = marker(user, 'rate');
  const began = performance.now();
  let sent = 0;
  for (let i = 0; i < tokens.length; i++) {
    if (closed) return;
    if (failAfter !== null && i >= failAfter) {
      req.socket.destroy();
      return;
    }
    if (slow) await new Promise((r) => setTimeout(r, slow));
    // At `rate` characters a second: each token waits until the characters before it are due.
    const due = rate ? began + (sent * 1000) / rate - performance.now() : 0;
    if (due > 0) await new Promise((r) => setTimeout(r, due));
    sent += tokens[i].length;
    if (closed) return;
    res.write(frame({ content: tokens[i] }, null));
  }
  res.write(frame({}, 'stop'));
  timing.ended = performance.now();
  res.end('data: [DONE]\n\n');
  stats.completed++;
}

async function handle(req: IncomingMessage, res: ServerResponse, stats: FakeLlmStats, models: string[]) {
  const path = (req.url ?? '').split('?')[0];
  if (req.method === 'GET' && path === '/v1/models') {
    return sendJson(res, 200, { object: 'list', data: models.map((id) => ({ id, object: 'model', owned_by: 'fake' })) });
  }
  if (req.method === 'POST' && path === '/v1/embeddings') {
    const body = (await readJson(req)) as { input?: string | string[]; model?: string };
    const inputs = Array.isArray(body.input) ? body.input : [body.input ?? ''];
    stats.embedded += inputs.length;
    return sendJson(res, 200, {
      object: 'list',
      model: body.model,
      data: inputs.map((text, index) => ({ object: 'embedding', index, embedding: embed(text) })),
      usage: { prompt_tokens: 0, total_tokens: 0 },
    });
  }
  if (req.method === 'POST' && path === '/v1/chat/completions') {
    const body = (await readJson(req)) as ChatBody;
    const messages = body.messages ?? [];
    const model = body.model ?? models[0];
    stats.requests++;
    stats.prompts.push(messages);
    stats.options.push({ model, temperature: body.temperature, max_tokens: body.max_tokens, stream: body.stream === true });
    stats.tools.push((body.tools ?? []).map((t) => t.function.name));
    const timing: FakeLlmStats['timing'][number] = { arrived: performance.now(), ended: null };
    stats.timing.push(timing);
    const user = [...messages].reverse().find((m) => m.role === 'user')?.content ?? '';
    const status = marker(user, 'error');
    if (status) return sendJson(res, status, { error: { message: 'fake failure', type: 'server_error' } });
    const calls = toolCallsFor(messages, body.tools ?? []);
    const answer = (body.tools !== undefined || messages.some((m) => m.role === 'tool') ? toolResultsAnswer(messages) : null) ?? answerFor(messages);
    stats.active++;
    try {
      if (body.stream) return await streamAnswer(req, res, model, user, answer, stats, calls);
      const delay = marker(messages.find((m) => m.role === 'user')?.content ?? '', 'delay');
      if (delay) {
        const closed = await new Promise<boolean>((resolve) => {
          const timer = setTimeout(() => resolve(false), delay);
          res.once('close', () => {
            clearTimeout(timer);
            resolve(true);
          });
        });
        if (closed) {
          stats.aborted++;
          return;
        }
      }
      stats.completed++;
      timing.ended = performance.now();
      return sendJson(res, 200, {
        id: `chatcmpl-fake-${stats.requests}`,
        object: 'chat.completion',
        created: 0,
        model,
        choices: [{ index: 0, message: { role: 'assistant', content: answer }, finish_reason: 'stop' }],
        usage: { prompt_tokens: 0, completion_tokens: 0, total_tokens: 0 },
      });
    } finally {
      stats.active--;
    }
  }
  sendJson(res, 404, { error: { message: 'not found' } });
}

/** Starts the fake model server on a free loopback port. */
export async function startFakeLlm(options: { port?: number; models?: string[] } = {}): Promise<FakeLlm> {
  const models = options.models ?? ['fake-chat', 'fake-embedding'];
  const stats: FakeLlmStats = { requests: 0, embedded: 0, active: 0, completed: 0, aborted: 0, prompts: [], options: [], tools: [], timing: [] };
  const server = createServer((req, res) => {
    handle(req, res, stats, models).catch((err: Error) => sendJson(res, 400, { error: { message: err.message } }));
  });
  const { url, close } = await listenOnLoopback(server, options.port);
  return { url: `${url}/v1`, stats, close };
}
