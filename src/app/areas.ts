import { UserOutlined } from '@ant-design/icons';
import type { ComponentType } from 'react';

/** An area of the home layout: a route the client has, its menu entry and its card on /Transit. */
export type Area = {
  key: string;
  /** Route path; also the function point path matched against allFunc ∪ otherFunc. */
  path: string;
  title: string;
  description: string;
  icon: ComponentType;
  /** The user's own pages: open to every signed-in user, not a granted function. */
  personal?: boolean;
  load: () => Promise<ComponentType>;
};

/** Areas whose routes exist in the client; later features register theirs here. */
export const AREAS: Area[] = [
  {
    key: 'profile',
    path: '/profile',
    title: '个人中心',
    description: '查看个人信息、角色与密级，修改登录密码',
    icon: UserOutlined,
    personal: true,
    load: () => import('../features/profile/ProfilePage').then((m) => m.ProfilePage),
  },
];

/** The areas a user may enter: personal ones, and those whose path is in allFunc ∪ otherFunc. */
export function visibleAreas(allowed: ReadonlySet<string>, areas: Area[] = AREAS): Area[] {
  return areas.filter((area) => area.personal || allowed.has(area.path));
}

/** The area a route belongs to, if any. */
export function areaOfPath(pathname: string, areas: Area[] = AREAS): Area | undefined {
  return areas.find((area) => pathname === area.path || pathname.startsWith(`${area.path}/`));
}
