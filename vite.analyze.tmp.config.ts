import { writeFileSync } from 'node:fs';
import { defineConfig, mergeConfig } from 'vite';
import base from './vite.config';
export default mergeConfig(base, defineConfig({
  build: { outDir: '/tmp/wt24-an', emptyOutDir: true, rolldownOptions: { treeshake: { moduleSideEffects: (id: string) => !(/node_modules\/(@rc-component|antd\/es|@ant-design)\//.test(id) && !id.endsWith('.css')) } } },
  plugins: [{
    name: 'dump',
    generateBundle(_o, bundle) {
      const chunks = {};
      const modOwner = {};
      for (const c of Object.values(bundle)) if (c.type === 'chunk') {
        chunks[c.fileName] = { imports: c.imports, dyn: c.dynamicImports, modules: Object.fromEntries(Object.entries(c.modules).map(([k, v]) => [k, v.renderedLength])) };
        for (const m of Object.keys(c.modules)) modOwner[m] = c.fileName;
      }
      const mods = {};
      for (const id of this.getModuleIds()) { const i = this.getModuleInfo(id); if (i) mods[id] = { imp: i.importedIds, dyn: i.dynamicallyImportedIds }; }
      writeFileSync('/tmp/wt24-graph.json', JSON.stringify({ chunks, modOwner, mods }));
    },
  }],
}));
