import type { ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { readRuntimeConfig } from '../../lib/runtime-config';
import { UserMenu } from './UserMenu';
import styles from './shell.module.css';

export type AppHeaderProps = { extra?: ReactNode; home?: string };

/** Top bar: project name (back to `home`), an optional label, the user menu. */
export function AppHeader({ extra, home = '/Transit' }: AppHeaderProps) {
  const navigate = useNavigate();
  return (
    <header className={styles.header}>
      <div className={styles.brand} onClick={() => void navigate(home)} role="link" aria-label="返回首页">
        <img src="./favicon.svg" alt="" />
        <span data-testid="project-name">{readRuntimeConfig().projectName}</span>
        {extra}
      </div>
      <UserMenu />
    </header>
  );
}
