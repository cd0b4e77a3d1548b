import { Layout, Tag, Typography } from 'antd';
import { createElement } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { getAllFunc, getUserInfo } from '../../lib/storage';
import { visibleEntries } from '../sys-mgr-menu';
import { AppHeader } from './AppHeader';
import { SideMenu } from './SideMenu';
import styles from './shell.module.css';

/** Every system-management entry carries the secrecy label 机密 (spec §2). */
export function SecrecyLabel() {
  return <Tag color="red" variant="solid" style={{ marginInlineStart: 8 }}>机密</Tag>;
}

/** Layout of /sysMgr: header with the secrecy label, the management side menu, content. */
export function SysMgrLayout() {
  const { pathname } = useLocation();
  const entries = visibleEntries(new Set(getAllFunc()));
  const items = entries.map((entry) => ({ key: entry.path, icon: createElement(entry.icon), label: entry.title }));
  const selected = entries.find((entry) => pathname.startsWith(entry.path))?.path;
  const top = (
    <div style={{ padding: '16px 20px', borderBottom: '1px solid #f0f0f0' }}>
      <Typography.Text strong>系统管理</Typography.Text>
      <div style={{ marginTop: 4 }}>
        <Typography.Text type="secondary">{getUserInfo()?.fullName}</Typography.Text>
      </div>
    </div>
  );
  return (
    <Layout style={{ minHeight: '100vh' }}>
      <AppHeader home="/sysMgr/index" extra={<SecrecyLabel />} />
      <Layout>
        <SideMenu items={items} selectedKey={selected} top={top} />
        <Layout.Content className={styles.content}>
          <Outlet />
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
