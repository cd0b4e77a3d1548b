import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UPLOAD_PATHS, type UploadLimits } from '../../contract/api';
import { bearer, signIn } from '../test-support/http';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { TEST_ADMIN_PASSWORD, TEST_DEMO_PASSWORD } from '../test-support/test-config';

// The upload dialogs name the server's limits and refuse a file at selection (issue 27 §5): the limits they read are
// the ones the upload routes enforce, from the configuration.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ config: { uploadMaxBytes: 3 * 1024 * 1024, uploadMaxRequestBytes: 10 * 1024 * 1024 } });
});
afterAll(() => t?.close());

describe('upload limits (issue 27 §5)', () => {
  it('answers every signed-in business user the configured limits per purpose, and nobody else', async () => {
    const token = await signIn(t.app, 'lina', TEST_DEMO_PASSWORD);
    const res = await t.app.inject({ method: 'GET', url: UPLOAD_PATHS.limits, headers: bearer(token) });
    expect(res.statusCode).toBe(200);
    const limits = res.json().data as UploadLimits;
    const each = { maxFileBytes: 3 * 1024 * 1024, maxRequestBytes: 10 * 1024 * 1024 };
    expect(limits).toEqual({ knowledge: { ...each, maxFiles: 20 }, chat: { ...each, maxFiles: 1 }, testcase: { ...each, maxFiles: 1 } });
    expect((await t.app.inject({ method: 'GET', url: UPLOAD_PATHS.limits })).statusCode).toBe(401);
    const sysadmin = await signIn(t.app, 'sysadmin', TEST_ADMIN_PASSWORD);
    expect((await t.app.inject({ method: 'GET', url: UPLOAD_PATHS.limits, headers: bearer(sysadmin) })).statusCode).toBe(403);
  });
});
