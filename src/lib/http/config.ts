import 'axios';

/** Request timeout of spec §7 and §9. */
export const REQUEST_TIMEOUT_MS = 600000;

declare module 'axios' {
  interface AxiosRequestConfig {
    /**
     * The caller handles failures itself: no toast and no session-end redirect
     * (sign-in calls, logout while the session is already ending).
     */
    silent?: boolean;
  }
}
