import axios from 'axios';
import { REQUEST_TIMEOUT_MS } from './config';
import { installInterceptors } from './interceptors';

/** The one axios instance of the renderer: JSON, Bearer token, 600000 ms, spec §8 interceptor. */
export const http = installInterceptors(
  axios.create({
    timeout: REQUEST_TIMEOUT_MS,
    headers: { 'Content-Type': 'application/json' },
  }),
);
