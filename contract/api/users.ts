// TypeBox schemas of the users calls (filled in by the management issue).
export {};
