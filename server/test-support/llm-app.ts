// The app as the tests run it against the fake model (tests/support/fake-llm.ts): the fake is its only model and
// the test's users are signed in. Chat-mode tests also have it listen, as answers stream over real HTTP, with
// outbound calls to 127.0.0.1 allowed so that it reaches the test's own databases and MCP servers.
import type { AddressInfo } from 'node:net';
import type { FakeLlm } from '../../tests/support/fake-llm';
import type { Config } from '../config';
import { parseOutboundAllow, type OutboundRule } from '../config-outbound';
import { signIn } from './http';
import { createTestApp, type TestApp } from './test-app';
import { TEST_DEMO_PASSWORD } from './test-config';

export type LlmAppOptions = {
  /** How many answers the fake model serves at once. */
  parallel?: number;
  /** Demo users to sign in (with the demo password). */
  users?: string[];
  config?: Partial<Config>;
};

export type LlmApp = { t: TestApp; tokens: Record<string, string> };

/** Builds the app for `llm` and signs the users in. */
export async function createLlmApp(llm: FakeLlm, options: LlmAppOptions = {}): Promise<LlmApp> {
  const t = await createTestApp({
    config: {
      llmBaseUrl: llm.url, llmApiKey: 'k', llmModels: [{ name: 'fake-chat', limit: options.parallel ?? 4 }], llmTimeoutMs: 10_000,
      ...options.config,
    },
  });
  const tokens: Record<string, string> = {};
  // The caller gets no app to close if this fails.
  await closingOnFailure(t, async () => {
    for (const u of options.users ?? []) tokens[u] = await signIn(t.app, u, TEST_DEMO_PASSWORD);
  });
  return { t, tokens };
}

/** As `createLlmApp`, listening; `base` is its URL for `postCompletion`. */
export async function startChatApp(llm: FakeLlm, options: LlmAppOptions = {}): Promise<LlmApp & { base: string }> {
  const outboundAllow = parseOutboundAllow('127.0.0.1') as OutboundRule;
  const { t, tokens } = await createLlmApp(llm, { ...options, config: { outboundAllow, ...options.config } });
  await closingOnFailure(t, () => t.app.listen({ port: 0, host: '127.0.0.1' }));
  return { t, tokens, base: `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}` };
}

async function closingOnFailure(t: TestApp, step: () => Promise<unknown>): Promise<void> {
  try {
    await step();
  } catch (err) {
    await t.close();
    throw err;
  }
}

type Closable = { close(): Promise<unknown> } | { drop(): Promise<unknown> } | null | undefined;

/** Closes (or drops) what a test file started, in order; one its `beforeAll` did not get to is passed over. */
export async function closeAll(...started: Closable[]): Promise<void> {
  for (const s of started) if (s) await ('close' in s ? s.close() : s.drop());
}

/** Test-case generation as its route tests run it: five answers at once, and a job's lease of 5 seconds. */
export const TESTCASE_GENERATION: LlmAppOptions = { parallel: 5, config: { llmApiKey: 'test-key', jobLeaseMs: 5000 } };
