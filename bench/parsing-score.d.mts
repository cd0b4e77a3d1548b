// Types of bench/parsing-score.mjs, for its unit test (server/knowledge/formats/parsing-bench-helpers.test.ts).
export type F1 = { f1: number; precision: number; recall: number };
export type ChunkText = { seq: number; content: string; heading_path: string };
export type Cell = { key: string; header: string; value: string; headers: string[] };

export function scoredChars(text: string): string[];
export function charF1(extracted: string, source: string): F1;
export function textOfChunks(chunks: ChunkText[], separator?: string): string;
export function withoutReaderLabels(text: string): string;
export function flat(text: string): string;
export function cellInLine(line: string, cell: Cell): boolean;
export function cellsFound(rows: string[][], chunkTexts: string[]): { cells: number; found: number };
export function bigramShare(phrase: string, text: string): number;
