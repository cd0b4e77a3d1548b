// TypeBox schemas of the dicts calls (filled in by the management issue).
export {};
