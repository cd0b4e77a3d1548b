import axios from 'axios';
import { REQUEST_TIMEOUT_MS } from './config';
import { installInterceptors } from './interceptors';

/**
 * The one axios instance of the renderer (D90): JSON, Bearer token, 600000 ms, the spec §8 interceptors. Its
 * `defaults.adapter` (axios' XMLHttpRequest adapter in the browser, which reports upload progress) is the network
 * boundary; the renderer tests put a fake server there (src/test/fake-adapter.ts).
 */
export const http = installInterceptors(
  axios.create({
    timeout: REQUEST_TIMEOUT_MS,
    headers: { 'Content-Type': 'application/json' },
  }),
);

export type Http = typeof http;
