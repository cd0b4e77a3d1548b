import {
  ApartmentOutlined,
  AppstoreOutlined,
  AuditOutlined,
  BarChartOutlined,
  BookOutlined,
  CloudOutlined,
  DatabaseOutlined,
  FileTextOutlined,
  FolderOutlined,
  HomeOutlined,
  LockOutlined,
  MessageOutlined,
  ProjectOutlined,
  SafetyOutlined,
  SettingOutlined,
  TeamOutlined,
  ToolOutlined,
  UserOutlined,
} from '@ant-design/icons';
import type { ComponentType } from 'react';

/** Prefix of iconfont class names (spec §9). */
export const ICON_PREFIX = 'icon_';
/** The icon a picker starts with (spec §9). */
export const DEFAULT_ICON = 'iconfont icon_bangzhu';

/** Set 1: antd icons, stored by component name. */
export const ANTD_ICONS: Record<string, ComponentType> = {
  HomeOutlined,
  AppstoreOutlined,
  ApartmentOutlined,
  TeamOutlined,
  UserOutlined,
  SafetyOutlined,
  LockOutlined,
  AuditOutlined,
  SettingOutlined,
  ToolOutlined,
  DatabaseOutlined,
  CloudOutlined,
  BookOutlined,
  FileTextOutlined,
  FolderOutlined,
  MessageOutlined,
  ProjectOutlined,
  BarChartOutlined,
};

/** Set 2: iconfont glyphs (the areas spec §1 infers from icon names), stored as `iconfont icon_…`. */
export const ICONFONT_ICONS = [
  'bangzhu',
  'shujuzhongxin',
  'shujukaifa',
  'xiangmuguanli',
  'zhishitupu',
  'xuqiu',
  'shenpi',
  'cuowurizhi',
  'zidian',
  'daorudaochu',
  'zuzhi',
  'tongji',
  'quanxian',
  'zhishiku',
  'duihua',
  'rizhi',
].map((name) => `iconfont ${ICON_PREFIX}${name}`);

/** The icon a stored value names: an antd component, or an iconfont class. */
export function IconView({ value }: { value: string }) {
  const Antd = ANTD_ICONS[value];
  if (Antd) return <Antd />;
  return <i className={value} aria-hidden="true" />;
}
