import {
  ApartmentOutlined,
  AppstoreOutlined,
  AuditOutlined,
  BarChartOutlined,
  BookOutlined,
  CloudOutlined,
  ClusterOutlined,
  CodeOutlined,
  CommentOutlined,
  ControlOutlined,
  DatabaseOutlined,
  DeploymentUnitOutlined,
  ExceptionOutlined,
  FileSearchOutlined,
  FileTextOutlined,
  FolderOutlined,
  HomeOutlined,
  IdcardOutlined,
  LockOutlined,
  MessageOutlined,
  ProfileOutlined,
  ProjectOutlined,
  QuestionCircleOutlined,
  ReadOutlined,
  SafetyCertificateOutlined,
  SafetyOutlined,
  SettingOutlined,
  SwapOutlined,
  TeamOutlined,
  ToolOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { createElement } from 'react';
import type { ComponentType } from 'react';

/** Prefix of iconfont class names (spec §9). */
export const ICON_PREFIX = 'icon_';
/** The class an iconfont value starts with. */
const ICONFONT_CLASS = 'iconfont';
/** The icon a picker starts with (spec §9). */
export const DEFAULT_ICON = `${ICONFONT_CLASS} ${ICON_PREFIX}bangzhu`;

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

/**
 * Set 2: the iconfont names of spec §9, stored as `iconfont icon_…`. The project ships no iconfont font, so each name
 * is drawn with the antd icon of the same meaning.
 */
const ICONFONT_GLYPHS: Record<string, ComponentType> = {
  bangzhu: QuestionCircleOutlined,
  shujuzhongxin: ClusterOutlined,
  shujukaifa: CodeOutlined,
  xiangmuguanli: ProjectOutlined,
  zhishitupu: DeploymentUnitOutlined,
  xuqiu: ProfileOutlined,
  shenpi: AuditOutlined,
  cuowurizhi: ExceptionOutlined,
  zidian: ReadOutlined,
  daorudaochu: SwapOutlined,
  zuzhi: ApartmentOutlined,
  tongji: BarChartOutlined,
  quanxian: SafetyCertificateOutlined,
  zhishiku: BookOutlined,
  duihua: MessageOutlined,
  rizhi: FileSearchOutlined,
  wendang: FileTextOutlined,
  wenda: CommentOutlined,
  shujuku: DatabaseOutlined,
  gongju: ToolOutlined,
  xitong: SettingOutlined,
  shouye: HomeOutlined,
  renyuan: TeamOutlined,
  jiaose: IdcardOutlined,
  bumen: ApartmentOutlined,
  peizhi: ControlOutlined,
  gongnengdian: AppstoreOutlined,
};

/** The iconfont set offered by the picker, as stored values. */
export const ICONFONT_ICONS = Object.keys(ICONFONT_GLYPHS).map((name) => `${ICONFONT_CLASS} ${ICON_PREFIX}${name}`);

/** The icon component a stored value names: an antd component name, or an iconfont class with or without `iconfont `. */
export function iconOf(value: string): ComponentType | undefined {
  if (ANTD_ICONS[value]) return ANTD_ICONS[value];
  const name = value.trim().split(/\s+/).find((part) => part.startsWith(ICON_PREFIX));
  return name ? ICONFONT_GLYPHS[name.slice(ICON_PREFIX.length)] : undefined;
}

/** The icon a stored value names; an unknown name shows the help icon (the default's). */
export function IconView({ value }: { value: string }) {
  return createElement(iconOf(value) ?? QuestionCircleOutlined);
}
