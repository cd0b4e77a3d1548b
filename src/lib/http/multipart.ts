import { http } from './client';
import type { HttpRequestConfig, HttpResponse } from './types';

/** A multipart field: text, or a file with its name. */
export type MultipartValue = string | number | boolean | Blob | { file: Blob; name: string };

/** Builds FormData from plain fields; arrays become repeated fields, null/undefined are skipped. */
export function toFormData(fields: Record<string, MultipartValue | MultipartValue[] | null | undefined>): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) {
    const values = Array.isArray(value) ? value : [value];
    for (const v of values) {
      if (v === null || v === undefined) continue;
      if (v instanceof Blob) form.append(key, v);
      else if (typeof v === 'object') form.append(key, v.file, v.name);
      else form.append(key, String(v));
    }
  }
  return form;
}

/** POSTs multipart/form-data (uploads, spec §7); the browser sets the boundary. Abortable via `signal`. */
export function postMultipart<T>(url: string, form: FormData, config: Omit<HttpRequestConfig, 'url' | 'method' | 'data'> = {}): Promise<HttpResponse<T>> {
  return http.post<T>(url, form, config);
}
