/** A multipart/form-data body for `app.inject`: fields, then files (field name, file name, bytes). */
export function multipartBody(
  fields: Record<string, string>,
  files: { field: string; name: string; bytes: Buffer; type?: string }[],
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----kbtest${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  }
  for (const f of files) {
    chunks.push(Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${f.field}"; filename="${f.name}"\r\n`
      + `Content-Type: ${f.type ?? 'application/octet-stream'}\r\n\r\n`,
    ));
    chunks.push(f.bytes, Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
