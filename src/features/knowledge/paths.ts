/** The document list of a space: /knowledgeList?space=<name>. */
export function documentsPath(space: string): string {
  return `/knowledgeList?space=${encodeURIComponent(space)}`;
}
