import { Layout } from 'antd';
import { createElement } from 'react';
import { useLocation } from 'react-router-dom';
import { getAllowedPaths } from '../../lib/storage';
import { AREAS, areaOfPath, visibleAreas, type Area } from '../areas';
import { AREA_ICONS, FALLBACK_ICON } from '../menu-icons';
import { PageTabs } from '../tabs/PageTabs';
import { AppHeader } from './AppHeader';
import { SideMenu } from './SideMenu';
import styles from './shell.module.css';

/** An area's title when the user may open it (personal, granted, or below a granted area). */
export function areaTitle(key: string, allowed: ReadonlySet<string>, areas: Area[] = AREAS): string | undefined {
  const path = key.split('?')[0];
  const area = areas.find((a) => a.path === path);
  if (!area) return undefined;
  const open = area.personal || allowed.has(area.path) || (area.parent !== undefined && allowed.has(area.parent));
  return open ? area.title : undefined;
}

/** Layout of `/` children: header, side menu from allFunc ∪ otherFunc ∩ the client's areas, page tabs. */
export function HomeLayout() {
  const { pathname } = useLocation();
  const allowed = getAllowedPaths();
  const areas = visibleAreas(allowed);
  const items = areas.map((area) => ({ key: area.path, icon: createElement(AREA_ICONS[area.key] ?? FALLBACK_ICON), label: area.title }));
  // The home tab: the first area the user may enter (智能问答 for most; 个人中心 is always there).
  const first = areas[0];
  const home = { key: first?.path ?? '/profile', title: first?.title ?? '个人中心' };
  const resolve = (key: string) => areaTitle(key, allowed);
  return (
    <Layout style={{ height: '100vh' }}>
      <AppHeader />
      <Layout>
        <SideMenu items={items} selectedKey={areaOfPath(pathname)?.path} />
        <Layout.Content className={styles.content}>
          <PageTabs scope="home" home={home} resolve={resolve} />
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
