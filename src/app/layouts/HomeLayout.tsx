import { Layout } from 'antd';
import { createElement } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { getAllowedPaths } from '../../lib/storage';
import { areaOfPath, visibleAreas } from '../areas';
import { AppHeader } from './AppHeader';
import { SideMenu } from './SideMenu';
import styles from './shell.module.css';

/** Layout of `/` children: header, side menu from allFunc ∪ otherFunc ∩ the client's areas, content. */
export function HomeLayout() {
  const { pathname } = useLocation();
  const areas = visibleAreas(getAllowedPaths());
  const items = areas.map((area) => ({ key: area.path, icon: createElement(area.icon), label: area.title }));
  return (
    <Layout style={{ minHeight: '100vh' }}>
      <AppHeader />
      <Layout>
        <SideMenu items={items} selectedKey={areaOfPath(pathname)?.path} />
        <Layout.Content className={styles.content}>
          <Outlet />
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
