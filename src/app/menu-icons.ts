import { AppstoreOutlined, BookOutlined, DatabaseOutlined, ExperimentOutlined, MessageOutlined, ToolOutlined, UserOutlined } from '@ant-design/icons';
import type { ComponentType } from 'react';

// The icons of the home side menu and the /Transit cards, apart from the route table (areas.ts): the router, and so
// every page including /login, needs the routes but only the signed-in layouts draw the icons (issue 16, /login JS
// budget, D73). The management menu's icons are in sys-mgr-icons.ts, so home pages load without them.

/** An area's icon, by its key in AREAS (hidden areas have none of their own: no menu entry or card). */
export const AREA_ICONS: Readonly<Record<string, ComponentType>> = {
  chatWindow: MessageOutlined,
  knowledgeBase: BookOutlined,
  sqlBase: DatabaseOutlined,
  toolsBase: ToolOutlined,
  testCase: ExperimentOutlined,
  profile: UserOutlined,
};

/** Drawn for an entry missing from the icon tables (a menu entry is never without an icon). */
export const FALLBACK_ICON: ComponentType = AppstoreOutlined;
