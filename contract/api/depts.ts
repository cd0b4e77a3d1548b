// TypeBox schemas of the depts calls (filled in by the management issue).
export {};
