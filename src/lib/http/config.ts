/** Request timeout of spec §7 and §9. */
export const REQUEST_TIMEOUT_MS = 600000;
