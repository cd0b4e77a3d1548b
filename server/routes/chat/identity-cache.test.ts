// Chat writes only chat tables, so on the embedded database it keeps the identity cache (D12); a management write
// still empties it. Otherwise every new dialogue would make the next question read the session and grants again.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAT_PATHS, DEPT_PATHS } from '../../../contract/api';
import { identityCacheOf } from '../../identity/identity-cache';
import { bearer, signIn } from '../../test-support/http';
import { createTestApp, type TestApp } from '../../test-support/test-app';
import { TEST_ADMIN_PASSWORD, TEST_DEMO_PASSWORD } from '../../test-support/test-config';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('the identity cache and chat writes', () => {
  it('survives a new dialogue and its deletion, but not a department change', async () => {
    const cache = identityCacheOf(t.deps.db)!;
    expect(cache).toBeDefined();
    const demo = bearer(await signIn(t.app, 'demo', TEST_DEMO_PASSWORD));
    const created = await t.app.inject({ method: 'POST', url: CHAT_PATHS.dialogueNew, headers: demo, payload: {} });
    expect(created.statusCode).toBe(200);
    const generation = cache.begin();
    const again = await t.app.inject({ method: 'POST', url: CHAT_PATHS.dialogueNew, headers: demo, payload: {} });
    expect(again.statusCode).toBe(200);
    const removed = await t.app.inject({
      method: 'POST', url: `${CHAT_PATHS.dialogueDelete}?con_uid=${again.json().data.conv_uid}`, headers: demo, payload: {},
    });
    expect(removed.statusCode).toBe(200);
    expect(cache.begin()).toBe(generation);

    const admin = bearer(await signIn(t.app, 'sysadmin', TEST_ADMIN_PASSWORD));
    const before = cache.begin();
    const dept = await t.app.inject({ method: 'POST', url: DEPT_PATHS.create, headers: admin, payload: { name: '缓存测试部', parentId: -2 } });
    expect(dept.statusCode).toBe(200);
    expect(cache.begin()).toBeGreaterThan(before);
  });
});
