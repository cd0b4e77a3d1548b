import {
  ApartmentOutlined,
  AppstoreOutlined,
  BarChartOutlined,
  BookOutlined,
  BugOutlined,
  DatabaseOutlined,
  ExperimentOutlined,
  FileSearchOutlined,
  MessageOutlined,
  SafetyOutlined,
  TeamOutlined,
  ToolOutlined,
  UserOutlined,
} from '@ant-design/icons';
import type { ComponentType } from 'react';

// The icons of the side menus and the /Transit cards, apart from the route table (areas.ts, sys-mgr-menu.ts):
// the router, and so every page including /login, needs the routes but only the signed-in layouts draw the
// icons (issue 16, /login JS budget, D73).

/** An area's icon, by its key in AREAS (hidden areas have none of their own: no menu entry or card). */
export const AREA_ICONS: Readonly<Record<string, ComponentType>> = {
  chatWindow: MessageOutlined,
  knowledgeBase: BookOutlined,
  sqlBase: DatabaseOutlined,
  toolsBase: ToolOutlined,
  testCase: ExperimentOutlined,
  profile: UserOutlined,
};

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

/** Drawn for an entry missing from the tables above (a menu entry is never without an icon). */
export const FALLBACK_ICON: ComponentType = AppstoreOutlined;
