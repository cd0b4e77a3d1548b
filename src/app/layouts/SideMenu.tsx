import { MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { Button, Layout } from 'antd';
import type { ReactNode } from 'react';
import { useBooleanPref } from '../../lib/ui-prefs';
import { useAppDispatch } from '../hooks';
import { setSiderCollapsed } from '../layoutSlice';
import { useAppNavigate } from '../useAppNavigate';
import { NavMenu, type NavItem } from './NavMenu';
import styles from './shell.module.css';

/** Side menu widths (spec §4, §9). */
export const SIDER_WIDTH = 250;
export const SIDER_COLLAPSED_WIDTH = 65;

export type SideMenuProps = { items: NavItem[]; selectedKey?: string; top?: ReactNode };

/** The collapsible side menu; keys are route paths. */
export function SideMenu({ items, selectedKey, top }: SideMenuProps) {
  // Remembered per user across reloads and sign-ins (D38); the store mirrors it for the rest of the shell.
  const [collapsed, setCollapsed] = useBooleanPref('siderCollapsed', false);
  const dispatch = useAppDispatch();
  const toggle = () => {
    setCollapsed(!collapsed);
    dispatch(setSiderCollapsed(!collapsed));
  };
  const go = useAppNavigate();
  return (
    <Layout.Sider theme="light" width={SIDER_WIDTH} collapsedWidth={SIDER_COLLAPSED_WIDTH} collapsed={collapsed} trigger={null}>
      <div className={styles.sider} data-testid="side-menu">
        {!collapsed && top}
        <NavMenu items={items} selectedKey={selectedKey} collapsed={collapsed} onSelect={go} />
        <div className={styles.collapse}>
          <Button
            type="text"
            icon={collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
            aria-label={collapsed ? '展开菜单' : '收起菜单'}
            onClick={toggle}
          />
        </div>
      </div>
    </Layout.Sider>
  );
}
