import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { CHAT_PATHS } from '../../../contract/api';
import { startFakeLlm } from '../../../tests/support/fake-llm';
import { openDatabase } from '../../db/client';
import { chatMessages } from '../../db/schema';
import { bearer, signIn } from '../../test-support/http';
import { postCompletion, readCompletion } from '../../test-support/sse';
import { createTestApp, openTestDatabase } from '../../test-support/test-app';
import { TEST_DEMO_PASSWORD } from '../../test-support/test-config';

it('shutdown stops running answers, aborting the model, and stores them as stopped with their text', async () => {
  const llm = await startFakeLlm();
  const db = await openTestDatabase({ label: 'chat-shutdown' });
  const t = await createTestApp({ db, config: { llmBaseUrl: llm.url, llmModels: [{ name: 'fake-chat', limit: 5 }] } });
  try {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    const token = await signIn(t.app, 'demo', TEST_DEMO_PASSWORD);
    const conv = (await t.app.inject({ method: 'POST', url: CHAT_PATHS.dialogueNew, headers: bearer(token), payload: {} })).json().data.conv_uid;
    let closing: Promise<void> | undefined;
    const res = await readCompletion(await postCompletion(base, token, { conv_uid: conv, user_input: '[slow:50] 关机前的问题' }), (_f, text) => {
      if (text.length >= 6 && !closing) closing = t.app.close();
    });
    await closing;
    const deadline = Date.now() + 2000;
    while (llm.stats.aborted === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
    expect(llm.stats.aborted).toBe(1);
    expect(llm.stats.completed).toBe(0);
    expect(res.text.length).toBeGreaterThanOrEqual(6);
    // Read back through a fresh connection: the answer was stored before the database closed.
    await db.database.close();
    const reopened = await openDatabase({ dataDir: db.dataDir, databaseUrl: db.config.databaseUrl });
    const [view] = await reopened.db.select().from(chatMessages).where(eq(chatMessages.role, 'view'));
    expect(view).toMatchObject({ status: 'stopped' });
    expect(view.content.startsWith(res.text)).toBe(true);
    await reopened.close();
  } finally {
    await db.drop();
    await llm.close();
  }
});
