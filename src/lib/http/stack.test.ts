import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import axios from 'axios';
import { describe, expect, it } from 'vitest';
import { rootReducer } from '../../app/store';
import { layoutSlice } from '../../app/layoutSlice';
import { installFakeServer } from '../../test/fake-adapter';
import { http } from './client';

const root = join(__dirname, '../../..');
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { dependencies: Record<string, string> };
const source = (file: string) => readFileSync(join(root, file), 'utf8');

describe('the design card libraries (issue 27 item 1, D90)', () => {
  it('axios is a direct dependency and the renderer http client is an axios instance with the spec §8 interceptors', () => {
    expect(pkg.dependencies.axios).toBeTruthy();
    expect(source('src/lib/http/client.ts')).toMatch(/from 'axios'/);
    expect(http.interceptors.request).toBeDefined();
    expect(http.interceptors.response).toBeDefined();
    // The same instance's settings, as axios.create made them.
    expect(http.defaults.timeout).toBe(600000);
    expect(typeof http.getUri).toBe('function');
    expect(Object.getPrototypeOf(axios.create())).toBe(Object.getPrototypeOf(http));
  });

  it('the tests network boundary is the axios adapter of that instance', async () => {
    const server = installFakeServer({ 'GET /api/sysMgr/users': { status: 200, data: { code: 200, message: '成功', results: [] } } });
    try {
      await http.get('/api/sysMgr/users', { params: { ids: [1, 2] } });
      expect(server.calls[0]).toMatchObject({ url: '/api/sysMgr/users', method: 'get', params: { ids: [1, 2] } });
      expect(http.getUri(server.calls[0])).toBe('/api/sysMgr/users?ids%5B%5D=1&ids%5B%5D=2');
    } finally {
      server.restore();
    }
  });

  it('redux is a direct dependency and builds the root reducer of the store', () => {
    expect(pkg.dependencies.redux).toBeTruthy();
    expect(source('src/app/store.ts')).toMatch(/import \{[^}]*combineReducers[^}]*\} from 'redux'/);
    const state = rootReducer(undefined, { type: '@@init' });
    expect(Object.keys(state).sort()).toEqual(['api', 'layout']);
    expect(state.layout).toEqual(layoutSlice.getInitialState());
  });
});
