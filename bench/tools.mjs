// Chat with tools: the server's own time per tool call (issue 15): from the end of the model's message asking for
// a call to the call arriving at the tool (the MCP server), plus from the tool's answer to the next model request.
// The fake model and the test MCP server run in this process and stamp those moments on one clock; the server is
// the built one in its own process, on the embedded database. Each question makes two calls of a 只读 tool (three
// model turns); p95 over the calls of a round, median of three rounds with the spread. The model streams at a real
// model's pace (a piece of the call or a token every MODEL_PIECE_MS, about 40 a second), so, as with a real model, the
// server's bookkeeping of one call (its row, its audit record) is done while the model writes the next turn; an
// instant model would put that bookkeeping on the measured path, which no user could ever see.
import { pathToFileURL } from 'node:url';
import { loadFakeLlm, loadTestSupport } from './fake-llm-lib.mjs';
import { DEMO_PASSWORD, median, percentile, round, signIn, startServer } from './lib.mjs';

const QUESTIONS = 20;
const ROUNDS = 3;
const MODEL_PIECE_MS = 25;

async function readStream(res) {
  const text = await res.text();
  if (!text.includes('data: [DONE]')) throw new Error(`stream ended without [DONE]: ${text.slice(0, 300)}`);
  if (text.includes('"chat.error"')) throw new Error(text.slice(0, 500));
  return text;
}

export async function benchTools() {
  const { startFakeLlm } = await loadFakeLlm();
  const { startTestMcp, MCP_TOKEN } = await loadTestSupport('mcp-server');
  const [llm, mcp] = await Promise.all([startFakeLlm(), startTestMcp()]);
  const s = await startServer({ env: { SEED_DEMO: 'true', LLM_BASE_URL: llm.url, LLM_MODEL: 'fake-chat', OUTBOUND_ALLOW: '127.0.0.1' } });
  try {
    const token = await signIn(s.url, 'zhangwei', DEMO_PASSWORD);
    const auth = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const post = async (path, body) => {
      const res = await fetch(`${s.url}${path}`, { method: 'POST', headers: auth, body: JSON.stringify(body) });
      const json = await res.json();
      if (!json.success) throw new Error(`${path}: ${json.err_msg}`);
      return json.data;
    };
    // A tool set is used by those it is granted to (closed by default, issue 27): grant it to the user's own roles.
    const detail = await (await fetch(`${s.url}/api/sysMgr/home-page/user-detail?visitorId=bench`, { headers: auth })).json();
    const review_role = detail.results.user.roles.map((r) => r.id).join(',');
    const set = await post('/api/v1/tools/set/add', { name: '基准工具', kind: 'mcp', url: mcp.url, credential: MCP_TOKEN, secrecy: 'confidential', review_role });

    const ask = async (i) => {
      const conv = (await post('/api/v1/chat/dialogue/new', {})).conv_uid;
      const llmFrom = llm.stats.timing.length;
      const mcpFrom = mcp.calls.length;
      const question = `查询两个订单 [slow:${MODEL_PIECE_MS}] [tool:lookup_order {"order_id":"A-${i}"}] [tool:lookup_order {"order_id":"B-${i}"}]`;
      await readStream(await fetch(`${s.url}/api/v1/chat/completions`, {
        method: 'POST', headers: auth, body: JSON.stringify({ conv_uid: conv, user_input: question, chat_mode: 'chat_agent', select_param: String(set.id) }),
      }));
      const turns = llm.stats.timing.slice(llmFrom);
      const calls = mcp.calls.slice(mcpFrom);
      if (turns.length !== 3 || calls.length !== 2) throw new Error(`expected 3 model turns and 2 calls, got ${turns.length} and ${calls.length}`);
      return calls.map((c, k) => ({ out: c.arrived - turns[k].ended, back: turns[k + 1].arrived - c.answered }));
    };

    for (let i = 0; i < 3; i++) await ask(`warm-${i}`);
    const rounds = [];
    for (let r = 0; r < ROUNDS; r++) {
      const perCall = [];
      for (let i = 0; i < QUESTIONS; i++) perCall.push(...(await ask(`${r}-${i}`)));
      rounds.push({
        p95: percentile(perCall.map((c) => c.out + c.back), 95),
        out: median(perCall.map((c) => c.out)),
        back: median(perCall.map((c) => c.back)),
      });
    }
    const p95s = rounds.map((r) => r.p95);
    return [{
      name: `server time per tool call (model's call → tool request, tool's answer → next model request): p95 of ${QUESTIONS * 2} calls, median of ${ROUNDS} rounds (ms; rounds ${p95s.map((v) => round(v)).join(' / ')}; median out ${round(median(rounds.map((r) => r.out)))}, back ${round(median(rounds.map((r) => r.back)))})`,
      value: round(median(p95s)), budget: 10, unit: 'ms',
    }];
  } finally {
    await s.stop();
    await llm.close();
    await mcp.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) console.table(await benchTools());
