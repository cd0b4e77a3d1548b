import { REQUEST_TIMEOUT_MS } from './config';
import { interceptors } from './interceptors';
import { createHttp } from './transport';

/** The one http client of the renderer (fetch; D77): JSON, Bearer token, 600000 ms, spec §8 interceptors. */
export const http = createHttp({ timeout: REQUEST_TIMEOUT_MS, headers: { 'Content-Type': 'application/json' } }, interceptors);
