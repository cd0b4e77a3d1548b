import { useMemo } from 'react';
import type { UserListItem } from '../../../../contract/api';
import { useDeleteUserMutation, useResetPasswordMutation, useSetUserDisabledMutation, useUnlockUserMutation } from './api';
import type { OneTimePassword } from './PasswordDialog';
import { useAppMessage } from '../../../lib/use-app-message';

/** The account actions of a row; refusals are shown by the http layer (spec §8), successes here. */
export function useUserActions(showPassword: (value: OneTimePassword) => void) {
  const message = useAppMessage();
  const [setDisabled] = useSetUserDisabledMutation();
  const [remove] = useDeleteUserMutation();
  const [reset] = useResetPasswordMutation();
  const [unlock] = useUnlockUserMutation();

  return useMemo(() => ({
    toggleDisabled: async (user: UserListItem) => {
      await setDisabled({ id: user.id, disabled: !user.disabled }).unwrap();
      void message.success(user.disabled ? `已启用「${user.fullName}」` : `已停用「${user.fullName}」`);
    },
    resetPassword: async (user: UserListItem) => {
      const { password } = await reset(user.id).unwrap();
      showPassword({ title: '密码已重置', username: user.username, fullName: user.fullName, password });
    },
    unlock: async (user: UserListItem) => {
      await unlock(user.id).unwrap();
      void message.success(`已解除「${user.fullName}」的登录锁定`);
    },
    deleteOne: async (user: UserListItem) => {
      await remove({ id: user.id }).unwrap();
      void message.success(`已删除用户「${user.fullName}」`);
    },
    /** Deletes one by one; the refusals are gathered in one message. */
    deleteMany: async (users: UserListItem[]) => {
      const refused: string[] = [];
      let done = 0;
      for (const user of users) {
        try {
          await remove({ id: user.id, silent: true }).unwrap();
          done++;
        } catch (error) {
          refused.push(`${user.fullName}：${(error as { message?: string }).message ?? '删除失败'}`);
        }
      }
      if (done) void message.success(`已删除 ${done} 个用户`);
      if (refused.length) {
        void message.error(`${refused.length} 个用户未删除：${refused.join('；')}`, 5);
        throw new Error('partly refused');
      }
    },
  }), [message, setDisabled, remove, reset, unlock, showPassword]);
}
