import { DatabaseOutlined, MessageOutlined, SafetyCertificateOutlined } from '@ant-design/icons';
import { Suspense, type ReactNode } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { lazyChunk } from '../../../lib/chunk-load';
import { readRuntimeConfig } from '../../../lib/runtime-config';
import { LoginForm } from '../components/LoginForm';
import { safeRedirect } from '../redirect';
import { homeFor } from '../session';
import { prepareSignIn, useSignIn } from '../useSignIn';
import styles from './LoginPage.module.css';

// Rarely needed (first sign-in only), so loaded on demand.
const ChangePasswordDialog = lazyChunk(
  () => import('../components/ChangePasswordDialog').then((m) => m.ChangePasswordDialog),
  'ChangePasswordDialog',
);

export type LoginPageProps = {
  /** Extra content under the form (the desktop's server address on /clientLogin). */
  footer?: ReactNode;
};

/** /login: the sign-in screen; afterwards the `redirect` target if it is an app route. */
export function LoginPage({ footer }: LoginPageProps) {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const target = safeRedirect(params.get('redirect'));
  const flow = useSignIn((userId) => navigate(target ?? homeFor(userId), { replace: true }));
  const { projectName } = readRuntimeConfig();

  return (
    <div className={styles.page}>
      <aside className={styles.brand}>
        <div className={styles.logo}>
          <img className={styles.logoMark} src="./favicon.svg" alt="" />
          {projectName}
        </div>
        <div className={styles.headline}>
          <h1>让知识沉淀，让问答更智能</h1>
          <p>汇聚企业文档与数据，按密级安全管控，随时向智能助手提问。</p>
          <ul className={styles.features}>
            <li><DatabaseOutlined /> 知识空间统一管理，文档后台自动处理</li>
            <li><MessageOutlined /> 智能问答，答案附带出处</li>
            <li><SafetyCertificateOutlined /> 密级与角色双重管控，操作全程留痕</li>
          </ul>
        </div>
        <div className={styles.copyright}>内部系统，仅限授权人员使用</div>
      </aside>
      <main className={styles.panel}>
        <h2 className={styles.title}>账号登录</h2>
        <p className={styles.subtitle}>欢迎使用{projectName}</p>
        <LoginForm
          loading={flow.loading}
          error={flow.error}
          onSubmit={(values) => void flow.signIn(values)}
          onIntent={prepareSignIn}
        />
        <div className={styles.footer}>
          <span>忘记密码请联系系统管理员</span>
          {footer}
        </div>
      </main>
      {flow.forced && (
        <Suspense fallback={null}>
          <ChangePasswordDialog
            minLength={flow.forced.minLength}
            onSubmit={flow.completePasswordChange}
            onCancel={flow.cancelPasswordChange}
          />
        </Suspense>
      )}
    </div>
  );
}
