// TypeBox schemas of the roles calls (filled in by the management issue).
export {};
