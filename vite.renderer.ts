import type { UserConfig } from 'vite';

/**
 * The renderer's bundle options shared by the web and desktop builds (issue 16, D69). antd's own modules and the
 * rc-component / @ant-design packages under it have no side effects on import (antd declares only its CSS), but only
 * antd says so: without it, a page that imports one name from a barrel (antd's form context re-exporting
 * `@rc-component/form`) fetches the whole package, e.g. the form library and its validator on /login.
 */
export const rendererBuild: NonNullable<UserConfig['build']> = {
  chunkSizeWarningLimit: 1500,
  rolldownOptions: {
    treeshake: {
      moduleSideEffects: (id: string) => !(/[\\/]node_modules[\\/](antd[\\/]es|@rc-component|@ant-design)[\\/]/.test(id) && !id.endsWith('.css')),
    },
  },
};
