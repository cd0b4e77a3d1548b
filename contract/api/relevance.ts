// One relevance scale for knowledge recall (D29), shared by the server's answers and the client's screens.

/**
 * A passage's relevance (0..1) as users read it, and as the space's 召回阈值 is set on: a whole percentage.
 * The recall test, knowledge chat's citations and answers all show it this way.
 */
export function relevanceText(score: number): string {
  return `${Math.round(Math.min(1, Math.max(0, score)) * 100)}%`;
}
