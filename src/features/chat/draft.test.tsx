import { screen } from '@testing-library/react';
import { render } from '../../test/render';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearSession, setToken, setUserInfo } from '../../lib/storage';
import { Composer } from './Composer';

const staff = { id: 9, fullName: '张三', username: 'staff', deptId: 1, roles: [] };
const other = { id: 10, fullName: '李四', username: 'lisi', deptId: 1, roles: [] };

function signInAs(user: typeof staff) {
  setToken('t');
  setUserInfo(user);
}

function renderComposer(onSend = vi.fn()) {
  const view = render(<Composer busy={false} onSend={onSend} onStop={() => {}} placeholder="输入问题…" />);
  return { ...view, onSend, box: () => screen.getByRole('textbox', { name: '输入问题' }) };
}

afterEach(() => localStorage.clear());

describe('chat draft (D37)', () => {
  it('survives a sign-out and comes back after the same user signs in again, on this machine only for that user', async () => {
    signInAs(staff);
    const user = userEvent.setup();
    const first = renderComposer();
    await user.type(first.box(), '请总结一下今年的安全保密制度变化');
    first.unmount();
    clearSession(); // what idle logout and sign-out do

    signInAs(other);
    const second = renderComposer();
    expect(second.box()).toHaveValue('');
    second.unmount();
    clearSession();

    signInAs(staff);
    const third = renderComposer();
    expect(third.box()).toHaveValue('请总结一下今年的安全保密制度变化');
  });

  it('is removed once the question is sent', async () => {
    signInAs(staff);
    const user = userEvent.setup();
    const first = renderComposer();
    await user.type(first.box(), '你好{Enter}');
    expect(first.onSend).toHaveBeenCalledWith('你好');
    first.unmount();
    const again = renderComposer();
    expect(again.box()).toHaveValue('');
  });
});
