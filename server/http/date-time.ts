// One date-time format on the wire (spec §9): `YYYY-MM-DD HH:mm:ss` in the server's time zone, as the documents
// answered first; the database-connection and tool-set answers use it too, instead of ISO UTC strings (D90).

const pad = (n: number) => String(n).padStart(2, '0');

/** `YYYY-MM-DD HH:mm:ss` in the server's time zone. */
export function formatDateTime(d: Date): string {
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}
