// Chat streaming: time to first token through the server minus straight from the fake model (median of 50
// questions, each asked both ways in turn; the middle of three rounds), and 50 streams open at once at a model's pace
// (all complete, p95 time to first token).
import { pathToFileURL } from 'node:url';
import { startFakeLlmProcess } from './fake-llm-lib.mjs';
import { DEMO_PASSWORD, median, percentile, round, signIn, startServer } from './lib.mjs';

const QUESTIONS = 50;
const CONCURRENT = 50;
const ROUNDS = 3;

/** Milliseconds from sending a request until the first non-empty content of the stream, and until its end. */
async function timeStream(url, init, contentOf) {
  const t0 = performance.now();
  const res = await fetch(url, init);
  if (!res.ok) throw new Error(`${url}: HTTP ${res.status} ${await res.text()}`);
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  let first = NaN;
  let done = false;
  for (;;) {
    const r = await reader.read();
    if (r.done) break;
    buffer += decoder.decode(r.value, { stream: true });
    let end;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const data = buffer.slice(6, end);
      buffer = buffer.slice(end + 2);
      if (data === '[DONE]') {
        done = true;
        continue;
      }
      const frame = JSON.parse(data);
      if (frame.object === 'chat.error') throw new Error(frame.message);
      if (Number.isNaN(first) && contentOf(frame)) first = performance.now() - t0;
    }
  }
  if (!done) throw new Error('stream ended without [DONE]');
  return { first, total: performance.now() - t0 };
}

export async function benchChat() {
  // The model runs in a process of its own, as a real one does: the direct path then crosses processes as the path
  // through the server does, and the difference is the server's own work.
  const llm = await startFakeLlmProcess();
  const s = await startServer({ env: { SEED_DEMO: 'true', LLM_BASE_URL: llm.url, LLM_MODEL: 'fake-chat,fake-wide', LLM_CONCURRENCY: '5,fake-wide=50' } });
  try {
    const token = await signIn(s.url, 'demo', DEMO_PASSWORD);
    const auth = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    // The demo space's documents are processed in the background at first start: wait, so they do not compete.
    for (;;) {
      const res = await fetch(`${s.url}/knowledge/${encodeURIComponent('示例知识库')}/document/list`, { method: 'POST', headers: auth, body: '{"page_size":100}' });
      const page = (await res.json()).data;
      if (!page.processing && page.data.every((d) => d.status === 'FINISHED' || d.status === 'FAILED')) break;
      await new Promise((r) => setTimeout(r, 200));
    }
    const newDialogue = async () => (await (await fetch(`${s.url}/api/v1/chat/dialogue/new`, { method: 'POST', headers: auth, body: '{}' })).json()).data.conv_uid;
    const content = (f) => f.object === 'chat.completion.chunk' && f.choices?.[0]?.delta?.content;
    // Dialogues are made beforehand: a question is timed from its POST to its first token.
    const viaServer = async (question, conv, mode = {}) => timeStream(`${s.url}/api/v1/chat/completions`, {
      method: 'POST', headers: auth, body: JSON.stringify({ conv_uid: conv, user_input: question, ...mode }),
    }, content);
    const direct = (question) => timeStream(`${llm.url}/chat/completions`, {
      method: 'POST', headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'fake-chat', stream: true, temperature: 0.9, messages: [{ role: 'system', content: '你是企业内部的智能助手。' }, { role: 'user', content: question }] }),
    }, content);

    const warm = await newDialogue();
    for (let i = 0; i < 5; i++) {
      await viaServer(`预热问题${i}`, warm);
      await direct(`预热问题${i}`);
    }
    const inserts = [];
    /** One round: 50 questions, each asked straight and through the server (in its own new dialogue) in turn. */
    const askRound = async (r, mode = {}) => {
      const dialogues = [];
      for (let i = 0; i < QUESTIONS; i++) {
        const t0 = performance.now();
        dialogues.push(await newDialogue());
        inserts.push(performance.now() - t0);
      }
      await viaServer('预热', warm);
      const server = [];
      const straight = [];
      for (let i = 0; i < QUESTIONS; i++) {
        const q = `第${r}轮第${i}个问题：差旅报销须在多久内提交？`;
        straight.push((await direct(q)).first);
        server.push((await viaServer(q, dialogues[i], mode)).first);
      }
      // The pairs are taken close in time, so the machine's drift cancels out of each difference.
      return { added: median(server.map((t, i) => t - straight[i])), server: median(server), straight: median(straight) };
    };
    // This machine's speed wanders from minute to minute (2 shared cores): three rounds, and the middle one counts.
    const rounds = [];
    for (let r = 0; r < ROUNDS; r++) rounds.push(await askRound(r));
    const middle = [...rounds].sort((a, b) => a.added - b.added)[Math.floor(ROUNDS / 2)];
    // Knowledge chat: the server recalls passages of the demo space before it asks the model (the model's own time
    // to first token does not depend on the prompt here, so the difference is still the server's work).
    const knowledgeMode = { chat_mode: 'chat_knowledge', select_param: '示例知识库' };
    await viaServer('预热', await newDialogue(), knowledgeMode);
    const kRounds = [];
    for (let r = 0; r < ROUNDS; r++) kRounds.push(await askRound(10 + r, knowledgeMode));
    const kMiddle = [...kRounds].sort((a, b) => a.added - b.added)[Math.floor(ROUNDS / 2)];

    /**
     * 50 questions at once on a model, each answered with about 2,000 characters at a model's pace (300–600 characters
     * a second, so every stream is open for 3–7 s and all 50 at once); p95 time to first token, wall time, failures.
     */
    const concurrent = async (model) => {
      const convs = await Promise.all(Array.from({ length: CONCURRENT }, () => newDialogue()));
      const t0 = performance.now();
      const results = await Promise.allSettled(convs.map((conv, i) => timeStream(`${s.url}/api/v1/chat/completions`, {
        method: 'POST', headers: auth,
        body: JSON.stringify({ conv_uid: conv, user_input: `并发问题${i}：年假怎么休？[long:2000] [rate:${300 + ((i * 7) % 301)}]`, model_name: model }),
      }, content)));
      const ok = results.filter((r) => r.status === 'fulfilled').map((r) => r.value);
      return { p95: round(percentile(ok.map((r) => r.first), 95)), wall: round(performance.now() - t0), failed: results.length - ok.length };
    };
    // The server's own cost: a model that takes all 50 at once. Then the default limit of 5, where 45 wait their turn.
    const wide = await concurrent('fake-wide');
    const queued = await concurrent('fake-chat');
    return [
      {
        name: `time to first token added by the server: median of ${QUESTIONS} paired differences, middle of ${ROUNDS} rounds (ms; rounds ${rounds.map((r) => round(r.added)).join(' / ')}; middle round: server ${round(middle.server)}, direct ${round(middle.straight)})`,
        value: round(middle.added), budget: 5, unit: 'ms',
      },
      {
        name: `knowledge chat: time to first token added by the server (recall included): median of ${QUESTIONS} paired differences, middle of ${ROUNDS} rounds (ms; rounds ${kRounds.map((r) => round(r.added)).join(' / ')}; middle round: server ${round(kMiddle.server)}, direct ${round(kMiddle.straight)})`,
        value: round(kMiddle.added), budget: 5, unit: 'ms',
      },
      { name: 'for scale: dialogue/new, one insert: median (ms)', value: round(median(inserts)), unit: 'ms' },
      { name: `${CONCURRENT} streams open at once (model limit 50; 2,000 characters each at 300–600 a second): p95 time to first token (ms; all done in ${wide.wall})`, value: wide.p95, budget: 1000, unit: 'ms' },
      { name: `for scale: ${CONCURRENT} streams at once (model limit 5, 45 queued): p95 time to first token (ms; all done in ${queued.wall})`, value: queued.p95, unit: 'ms' },
      { name: `${CONCURRENT} concurrent streams: failed or incomplete`, value: wide.failed + queued.failed, budget: 0, unit: '' },
    ];
  } finally {
    await s.stop();
    await llm.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  console.table(await benchChat());
}
