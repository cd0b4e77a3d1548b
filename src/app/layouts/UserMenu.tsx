import { DownOutlined, LogoutOutlined, UserOutlined } from '@ant-design/icons';
import type { MenuProps } from 'antd';
// The avatar alone, not antd's Avatar with Avatar.Group (and its Popover) hung on it: this menu is on every
// signed-in page (the page JS budgets, D73).
import Avatar from 'antd/es/avatar/Avatar';
import { useNavigate } from 'react-router-dom';
import { isSystemAccount } from '../../../contract/api/runtime';
import { LazyDropdown } from '../../components/lazy-dropdown';
import { signOut } from '../../features/auth/session';
import { getUserInfo } from '../../lib/storage';
import styles from './shell.module.css';

/**
 * The signed-in user's name with 个人中心 and 退出登录 (spec §7 logout: POST, clear, /login). The menu's code (antd's
 * Dropdown) is fetched when the pointer or the focus reaches the button (D81).
 */
export function UserMenu() {
  const navigate = useNavigate();
  const user = getUserInfo();
  const items: MenuProps['items'] = [
    ...(isSystemAccount(user?.id) ? [] : [{ key: 'profile', icon: <UserOutlined />, label: '个人中心' }]),
    { key: 'logout', icon: <LogoutOutlined />, label: '退出登录', danger: true },
  ];
  const onClick: MenuProps['onClick'] = ({ key }) => {
    if (key === 'profile') void navigate('/profile');
    if (key === 'logout') {
      void signOut();
      void navigate('/login', { replace: true });
    }
  };
  return (
    <LazyDropdown menu={{ items, onClick }} trigger={['click']} placement="bottomRight">
      <button type="button" className={styles.userButton} data-testid="user-menu" aria-label="用户菜单">
        <Avatar size="small" icon={<UserOutlined />} style={{ background: '#ffffff33' }} />
        <span>{user?.fullName || user?.username || '未登录'}</span>
        <DownOutlined style={{ fontSize: 10 }} />
      </button>
    </LazyDropdown>
  );
}
