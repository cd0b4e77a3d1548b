import { waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { AUTH_PATHS, ERROR_LOG_PATHS } from '../../../../contract/api/runtime';
import { installFakeServer, type FakeRequest } from '../../../test/fake-adapter';
import { LOAD, ok, userDetail } from '../../../test/factories';
import { renderSignedIn } from '../../../test/render-app';

const auditadmin = userDetail({
  user: { id: -3, fullName: '安全审计员', username: 'auditadmin', deptId: -2, roles: [] },
  allFunc: ['/sysMgr', '/sysMgr/index', '/sysMgr/errorLog'],
});

let restore: (() => void) | undefined;
afterEach(() => restore?.());

describe('错误日志 page size (spec §9)', { timeout: 120_000 }, () => {
  it('opens at 25 rows, the first of 25, 30, 40, 50', async () => {
    const asked: FakeRequest[] = [];
    const server = installFakeServer({
      [`GET ${AUTH_PATHS.userDetail}`]: ok(auditadmin),
      [`GET ${ERROR_LOG_PATHS.list}`]: (config) => (asked.push(config), ok({ list: [], total: 0 })),
    });
    restore = server.restore;
    renderSignedIn('/sysMgr/errorLog', auditadmin);
    await waitFor(() => expect(asked.length).toBeGreaterThan(0), LOAD);
    expect(asked[0].params).toMatchObject({ currentPage: 1, pageSize: 25 });
  });
});
