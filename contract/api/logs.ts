// TypeBox schemas of the logs calls (filled in by the management issue).
export {};
