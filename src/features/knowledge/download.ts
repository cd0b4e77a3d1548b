import { KNOWLEDGE_PATHS, fillPath } from '../../../contract/api/runtime';
import { http } from '../../lib/http';
import { saveFile } from '../../platform';

/** Downloads a document's original file and saves it with the platform (save dialog or browser download). */
export async function downloadDocument(space: string, doc: { id: number; doc_name: string }): Promise<boolean> {
  const response = await http.get<Blob>(fillPath(KNOWLEDGE_PATHS.documentDownload, { space, id: doc.id }), { responseType: 'blob' });
  return saveFile({ suggestedName: doc.doc_name, data: response.data });
}
