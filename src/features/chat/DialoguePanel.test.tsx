import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { AUTH_PATHS, CHAT_PATHS } from '../../../contract/api/runtime';
import { installFakeServer } from '../../test/fake-adapter';
import { aiOk, LOAD, ok, userDetail } from '../../test/factories';
import { renderSignedIn } from '../../test/render-app';
import { dialogue } from './chat.test-util';

const demo = userDetail({ allFunc: ['/chatWindow'] });

let restore: (() => void) | undefined;
afterEach(() => restore?.());

const pad = (n: number) => String(n).padStart(2, '0');
/** The instant in the viewer's zone, written out by hand rather than with the formatter under test. */
const local = (d: Date) =>
  `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;

describe('the dialogue list (智能问答)', { timeout: 90_000 }, () => {
  it('shows when each dialogue last changed to the second, YYYY-MM-DD HH:mm:ss (spec §9)', async () => {
    const modified = '2030-01-01T08:30:07.000Z';
    const server = installFakeServer({
      [`GET ${AUTH_PATHS.userDetail}`]: ok(demo),
      [`GET ${CHAT_PATHS.dialogueList}`]: aiOk([dialogue({ gmt_modified: modified })]),
      [`GET ${CHAT_PATHS.modelTypes}`]: aiOk(['fake-chat']),
      [`POST ${CHAT_PATHS.concurrency}`]: aiOk([]),
    });
    restore = server.restore;
    renderSignedIn('/chatWindow', demo);
    const panel = await screen.findByRole('complementary', { name: '对话列表' }, LOAD);
    const item = (await within(panel).findByText('差旅报销标准是什么', {}, LOAD)).closest('[data-testid="dialogue-item"]') as HTMLElement;
    expect(item).toHaveTextContent(`普通对话 · ${local(new Date(modified))}`);
    expect(item.textContent).toMatch(/ · \d{4}-\d{2}-\d{2} \d{2}:\d{2}:07$/);
  });
});
