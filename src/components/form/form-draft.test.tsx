import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { installFakeServer } from '../../test/fake-adapter';
import { fakeNotifier } from '../../test/fake-notifier';
import { endSession } from '../../lib/http/session-end';
import { setNavigator } from '../../lib/navigation';
import { dropFormDraft } from '../../lib/form-draft';
import { setToken, setUserInfo } from '../../lib/storage';
import { renderAntd } from '../_shared/test-utils';
import type { FieldDescriptor } from './descriptor';
import { DescriptorForm } from './DescriptorForm';

const FIELDS: FieldDescriptor[] = [
  { sColumnName: 'fullName', type: 'input', label: '姓名' },
  { sColumnName: 'remark', type: 'textarea', label: '备注' },
  { sColumnName: 'secret', type: 'password', label: '口令' },
];

const signIn = (id: number, username: string) => {
  setToken(`tok-${id}`);
  setUserInfo({ id, fullName: username, username, deptId: 1, roles: [] });
};
const openDialog = () => renderAntd(<DescriptorForm fields={FIELDS} draft="sysMgr/user:new" />);

let toasts: ReturnType<typeof fakeNotifier>;
let restore: Array<() => void> = [];
beforeEach(() => {
  toasts = fakeNotifier();
  restore = [setNavigator(() => undefined), installFakeServer({}).restore];
});
afterEach(() => {
  toasts.restore();
  restore.forEach((r) => r());
  localStorage.clear();
});

describe('drafts of form dialogs across a logout (D92)', () => {
  it('come back for the same user after signing in again, never for another user, and never keep a password', async () => {
    signIn(7, 'demo');
    const first = openDialog();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('姓名'), '王小明');
    await user.type(screen.getByLabelText('备注'), '新入职，下周开通');
    await user.type(screen.getByLabelText('口令'), 'Secret#1');
    // The session ends under the open dialog (a 401 answer): the page goes, the dialog with it.
    endSession('登录信息无效，请重新登录');
    first.unmount();

    signIn(8, 'other');
    const stranger = openDialog();
    expect(screen.getByLabelText('姓名')).toHaveValue('');
    expect(screen.getByLabelText('备注')).toHaveValue('');
    stranger.unmount();

    signIn(7, 'demo');
    openDialog();
    expect(screen.getByLabelText('姓名')).toHaveValue('王小明');
    expect(screen.getByLabelText('备注')).toHaveValue('新入职，下周开通');
    expect(screen.getByLabelText('口令')).toHaveValue('');
    expect(JSON.stringify(localStorage)).not.toContain('Secret#1');
  });

  it('is gone once the dialog is saved or cancelled', () => {
    signIn(7, 'demo');
    localStorage.setItem('formDraft:7:sysMgr/user:new', JSON.stringify({ fullName: '旧稿' }));
    dropFormDraft('sysMgr/user:new');
    openDialog();
    expect(screen.getByLabelText('姓名')).toHaveValue('');
  });
});
