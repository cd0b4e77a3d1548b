import { MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { Button, Layout, Menu, type MenuProps } from 'antd';
import type { ReactNode } from 'react';
import { useAppDispatch, useAppSelector } from '../hooks';
import { selectSiderCollapsed, toggleSider } from '../layoutSlice';
import { useAppNavigate } from '../useAppNavigate';
import styles from './shell.module.css';

/** Side menu widths (spec §4, §9). */
export const SIDER_WIDTH = 250;
export const SIDER_COLLAPSED_WIDTH = 65;

export type SideMenuProps = { items: NonNullable<MenuProps['items']>; selectedKey?: string; top?: ReactNode };

/** The collapsible side menu; keys are route paths. */
export function SideMenu({ items, selectedKey, top }: SideMenuProps) {
  const collapsed = useAppSelector(selectSiderCollapsed);
  const dispatch = useAppDispatch();
  const go = useAppNavigate();
  return (
    <Layout.Sider theme="light" width={SIDER_WIDTH} collapsedWidth={SIDER_COLLAPSED_WIDTH} collapsed={collapsed} trigger={null}>
      <div className={styles.sider} data-testid="side-menu">
        {!collapsed && top}
        <Menu
          className={styles.siderMenu}
          mode="inline"
          items={items}
          selectedKeys={selectedKey ? [selectedKey] : []}
          onClick={({ key }) => go(key)}
        />
        <div className={styles.collapse}>
          <Button
            type="text"
            icon={collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
            aria-label={collapsed ? '展开菜单' : '收起菜单'}
            onClick={() => dispatch(toggleSider())}
          />
        </div>
      </div>
    </Layout.Sider>
  );
}
