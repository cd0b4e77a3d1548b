import {
  ApartmentOutlined,
  AppstoreOutlined,
  BarChartOutlined,
  BookOutlined,
  BugOutlined,
  FileSearchOutlined,
  SafetyOutlined,
  TeamOutlined,
} from '@ant-design/icons';
import type { ComponentType } from 'react';

// The management side menu's icons, apart from the route table (sys-mgr-menu.ts) and from the home areas' icons
// (menu-icons.ts): only SysMgrLayout draws them (D73).

/** A management page's icon, by its path in SYS_MGR_ENTRIES. */
export const MANAGEMENT_ICONS: Readonly<Record<string, ComponentType>> = {
  '/sysMgr/userMgr': TeamOutlined,
  '/sysMgr/roleMgr': SafetyOutlined,
  '/sysMgr/logMgr': FileSearchOutlined,
  '/sysMgr/deptMgr': ApartmentOutlined,
  '/sysMgr/dictMgr': BookOutlined,
  '/sysMgr/errorLog': BugOutlined,
  '/sysMgr/statistics': BarChartOutlined,
  '/implConfigMgr/funcMgr': AppstoreOutlined,
};
