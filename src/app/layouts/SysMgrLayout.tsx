import { Layout, Tag, Typography } from 'antd';
import { createElement } from 'react';
import { useLocation } from 'react-router-dom';
import { getAllFunc, getUserInfo } from '../../lib/storage';
import { FALLBACK_ICON } from '../menu-icons';
import { MANAGEMENT_ICONS } from '../sys-mgr-icons';
import { visibleEntries } from '../sys-mgr-menu';
import { PageTabs } from '../tabs/PageTabs';
import { AppHeader } from './AppHeader';
import { SideMenu } from './SideMenu';
import styles from './shell.module.css';

/** Every system-management entry carries the secrecy label 机密 (spec §2). */
export function SecrecyLabel() {
  return <Tag color="red" variant="solid" style={{ marginInlineStart: 8 }}>机密</Tag>;
}

const HOME_TAB = { key: '/sysMgr/index', title: '首页' };

/** Layout of /sysMgr: header with the secrecy label, the management side menu, page tabs. */
export function SysMgrLayout() {
  const { pathname } = useLocation();
  const allFunc = getAllFunc();
  const entries = visibleEntries(new Set(allFunc));
  const items = entries.map((entry) => ({ key: entry.path, icon: createElement(MANAGEMENT_ICONS[entry.path] ?? FALLBACK_ICON), label: entry.title }));
  const selected = entries.find((entry) => pathname.startsWith(entry.path))?.path;
  const resolve = (key: string) => {
    const path = key.split('?')[0];
    return path === HOME_TAB.key ? HOME_TAB.title : entries.find((entry) => entry.path === path)?.title;
  };
  const top = (
    <div style={{ padding: '16px 20px', borderBottom: '1px solid #f0f0f0' }}>
      <Typography.Text strong>系统管理</Typography.Text>
      <div style={{ marginTop: 4 }}>
        <Typography.Text type="secondary">{getUserInfo()?.fullName}</Typography.Text>
      </div>
    </div>
  );
  return (
    <Layout style={{ height: '100vh' }}>
      <AppHeader home="/sysMgr/index" extra={<SecrecyLabel />} />
      <Layout>
        <SideMenu items={items} selectedKey={selected} top={top} />
        <Layout.Content className={styles.content}>
          <PageTabs scope="sysMgr" home={HOME_TAB} resolve={resolve} />
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
