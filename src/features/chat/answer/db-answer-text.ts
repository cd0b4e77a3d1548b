/**
 * What a database-chat answer shows as text: the model answers DB-GPT's JSON `{thoughts, sql, display_type}`, whose
 * SQL is shown in the result's SQL tab; the text is its thoughts, and whatever the server appended after the JSON
 * (a refusal, a correction). Works on a partial answer while it streams; any other text is shown as it is.
 */
export function dbAnswerText(text: string): string {
  const trimmed = text.trimStart();
  if (!trimmed.startsWith('{') || !/^\{\s*"(thoughts|sql|display_type)"/.test(trimmed)) return text;
  const m = /"thoughts"\s*:\s*"((?:[^"\\]|\\.)*)("?)/.exec(trimmed);
  let thoughts = '';
  if (m) {
    try {
      thoughts = JSON.parse(`"${m[1]}"`) as string;
    } catch {
      thoughts = m[1];
    }
  }
  // The JSON ends at its closing brace at the end of a line; what follows was appended by the server.
  const end = trimmed.search(/\}\s*(\n|$)/);
  const after = end >= 0 ? trimmed.slice(end + 1).trim() : '';
  return [thoughts, after].filter(Boolean).join('\n\n');
}
