// The app as the chat-mode tests run it: listening on a port (answers stream over real HTTP), the fake model as its
// only model, and outbound calls to 127.0.0.1 allowed so that it reaches the test's own databases and MCP servers.
import type { AddressInfo } from 'node:net';
import type { FakeLlm } from '../../tests/support/fake-llm';
import type { Config } from '../config';
import { parseOutboundAllow, type OutboundRule } from '../sqlbase/outbound';
import { signIn } from './http';
import { createTestApp, type TestApp } from './test-app';
import { TEST_DEMO_PASSWORD } from './test-config';

export type ChatAppOptions = {
  /** How many answers the fake model serves at once. */
  parallel?: number;
  /** Demo users to sign in (with the demo password). */
  users?: string[];
  config?: Partial<Config>;
};

export type ChatApp = { t: TestApp; base: string; tokens: Record<string, string> };

/** Builds the app for `llm`, listens and signs the users in; `base` is its URL for `postCompletion`. */
export async function startChatApp(llm: FakeLlm, options: ChatAppOptions = {}): Promise<ChatApp> {
  const t = await createTestApp({
    config: {
      llmBaseUrl: llm.url, llmApiKey: 'k', llmModels: [{ name: 'fake-chat', limit: options.parallel ?? 4 }], llmTimeoutMs: 10_000,
      outboundAllow: parseOutboundAllow('127.0.0.1') as OutboundRule, ...options.config,
    },
  });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const tokens: Record<string, string> = {};
  try {
    for (const u of options.users ?? []) tokens[u] = await signIn(t.app, u, TEST_DEMO_PASSWORD);
  } catch (err) {
    // The caller never gets the app to close.
    await t.close();
    throw err;
  }
  return { t, base: `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`, tokens };
}

type Closable = { close(): Promise<unknown> } | { drop(): Promise<unknown> } | null | undefined;

/** Closes (or drops) what a test file started, in order; one its `beforeAll` did not get to is passed over. */
export async function closeAll(...started: Closable[]): Promise<void> {
  for (const s of started) if (s) await ('close' in s ? s.close() : s.drop());
}
