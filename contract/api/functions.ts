// TypeBox schemas of the functions calls (filled in by the management issue).
export {};
