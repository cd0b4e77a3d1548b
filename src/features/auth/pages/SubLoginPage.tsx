import { Button, Result, Spin } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { MESSAGES } from '../../../../contract/api/runtime';
import type { UserDetail } from '../../../../contract/api';
import { ERROR_TOAST_SECONDS, notify } from '../../../lib/notify';
import { clearSession, getToken, getUserInfo, setToken } from '../../../lib/storage';
import { fetchUserDetail } from '../api';
import { safeRedirect } from '../redirect';
import { homeFor, saveSession } from '../session';

/** A user as the question names them: full name and account. */
const nameOf = (u: { fullName?: string; username: string }) => (u.fullName && u.fullName !== u.username ? `${u.fullName}（${u.username}）` : u.username);

/**
 * /subLogin?token=…: accepts a token handed over by a portal once user-detail confirms it. With another user's
 * session already open in this browser it asks before switching (issue 26 item 12, D89); cancelling keeps the open
 * session and goes to its home.
 */
export function SubLoginPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const started = useRef(false);
  const token = params.get('token');
  const target = safeRedirect(params.get('redirect'));
  const [asking, setAsking] = useState<{ detail: UserDetail; current: { id: number; fullName?: string; username: string } } | null>(null);

  const accept = (handed: string, detail: UserDetail) => {
    setToken(handed);
    saveSession(detail);
    navigate(target ?? homeFor(detail.user.id), { replace: true });
  };

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const refuse = () => {
      clearSession();
      notify().error(MESSAGES.noToken, ERROR_TOAST_SECONDS, 'sub-login');
      navigate('/login', { replace: true });
    };
    const signedIn = getToken();
    const current = getUserInfo();
    if (!token) {
      // Nothing handed over: a session already open is left alone and goes home (D36).
      if (signedIn && current?.id !== undefined) return void navigate(target ?? homeFor(current.id), { replace: true });
      return refuse();
    }
    fetchUserDetail(token).then(
      (detail) => {
        // Another user's session is open here: never replaced without asking.
        if (signedIn && current && signedIn !== token && current.id !== detail.user.id) return setAsking({ detail, current });
        accept(token, detail);
      },
      // A bad token never ends the session already open: it only goes home.
      () => (signedIn && current?.id !== undefined ? navigate(homeFor(current.id), { replace: true }) : refuse()),
    );
  // accept only reads what the effect depends on
  // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [navigate, token, target]);

  if (asking) {
    return (
      <Result
        status="warning"
        title={`是否切换为 ${nameOf(asking.detail.user)}？`}
        subTitle={`此浏览器当前已登录 ${nameOf(asking.current)}。切换后将以 ${nameOf(asking.detail.user)} 的身份使用系统；取消则保留当前登录。`}
        extra={[
          <Button key="switch" type="primary" onClick={() => accept(token!, asking.detail)}>切换用户</Button>,
          <Button key="cancel" onClick={() => navigate(homeFor(asking.current.id), { replace: true })}>取消</Button>,
        ]}
      />
    );
  }
  return (
    <Result icon={<Spin size="large" />} title="正在验证登录信息…" subTitle="请稍候，验证通过后将自动进入系统" />
  );
}
