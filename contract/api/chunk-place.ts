// Where a passage sits in its document, as users read it (issue 29): shared by the server (the passages a model is
// given, the fallback answer) and the client (citations, the recall test, a document's chunks). No TypeBox here.

/** A chunk's position as on the wire (ChunkPosition in knowledge.ts), repeated as a plain type for run time. */
type Place = { page?: number; page_to?: number; slide?: number; sheet?: string; rows?: [number, number] };

const span = (from: number, to: number | undefined) => (to !== undefined && to !== from ? `${from}–${to}` : `${from}`);

/** 第 3 页 / 第 3–4 页, 第 2 张幻灯片, 「参数表」第 5–9 行; '' when nothing is known. */
export function placeText(place: Place | undefined | null): string {
  if (!place) return '';
  const parts: string[] = [];
  if (place.page !== undefined) parts.push(`第 ${span(place.page, place.page_to)} 页`);
  if (place.slide !== undefined) parts.push(`第 ${place.slide} 张幻灯片`);
  const sheet = place.sheet ? `「${place.sheet}」` : '';
  if (place.rows) parts.push(`${sheet}第 ${span(place.rows[0], place.rows[1])} 行`);
  else if (sheet) parts.push(`工作表${sheet}`);
  return parts.join('，');
}

/** The place and the heading path together (第 3 页 · 第三章 › 3.2 安装要求), '' for neither. */
export function sourceText(place: Place | undefined | null, headingPath: string | undefined): string {
  return [placeText(place), headingPath ?? ''].filter(Boolean).join(' · ');
}
