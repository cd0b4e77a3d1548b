import { Result, Spin } from 'antd';
import { useEffect, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { MESSAGES } from '../../../../contract/api/runtime';
import { ERROR_TOAST_SECONDS, notify } from '../../../lib/notify';
import { clearSession, getToken, getUserInfo, setToken } from '../../../lib/storage';
import { fetchUserDetail } from '../api';
import { safeRedirect } from '../redirect';
import { homeFor, saveSession } from '../session';

/** /subLogin?token=…: accepts a token handed over by a portal once user-detail confirms it. */
export function SubLoginPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const started = useRef(false);
  const token = params.get('token');
  const target = safeRedirect(params.get('redirect'));

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const refuse = () => {
      clearSession();
      notify().error(MESSAGES.noToken, ERROR_TOAST_SECONDS, 'sub-login');
      navigate('/login', { replace: true });
    };
    if (!token) {
      // Nothing handed over: a session already open is left alone and goes home (D36).
      const signedIn = getToken();
      const userId = getUserInfo()?.id;
      if (signedIn && userId !== undefined) return void navigate(target ?? homeFor(userId), { replace: true });
      return refuse();
    }
    fetchUserDetail(token).then(
      (detail) => {
        setToken(token);
        saveSession(detail);
        navigate(target ?? homeFor(detail.user.id), { replace: true });
      },
      refuse,
    );
  }, [navigate, token, target]);

  return (
    <Result icon={<Spin size="large" />} title="正在验证登录信息…" subTitle="请稍候，验证通过后将自动进入系统" />
  );
}
