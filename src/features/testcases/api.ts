import { TESTCASE_PATHS } from '../../../contract/api/runtime';
import type {
  AddCaseBody, EditCaseBody, EditItemBody, GenerateResult, GenerationDetail, GenerationList, GenerationListBody, ReplaceResult, TaskState, TestCase,
} from '../../../contract/api';
import { api } from '../../lib/http/api';
import { http, postMultipart, toFormData } from '../../lib/http';
import { saveFile } from '../../platform';

const post = (url: string, data: object = {}) => ({ url, method: 'POST' as const, data });

/** Test-case generation calls (spec §7, issue 14). */
export const testcaseApi = api.enhanceEndpoints({ addTagTypes: ['TestcaseGeneration'] }).injectEndpoints({
  endpoints: (build) => ({
    generations: build.query<GenerationList, GenerationListBody>({
      query: (body) => post(TESTCASE_PATHS.list, body),
      providesTags: ['TestcaseGeneration', { type: 'TestcaseGeneration', id: 'LIST' }],
    }),
    generation: build.query<GenerationDetail, string>({
      query: (generation_id) => post(TESTCASE_PATHS.detail, { generation_id }),
      providesTags: ['TestcaseGeneration'],
    }),
    // The states of the tasks that may still change (the generation's page polls it); refreshed by any action.
    taskStates: build.query<TaskState[], string[]>({
      query: (task_ids) => post(TESTCASE_PATHS.taskStatus, { task_ids }),
      providesTags: ['TestcaseGeneration'],
    }),
    // Starting changes only the tasks' states, which the page then polls (it watches the started tasks at once): the
    // generation itself is not loaded again at the moment its first tasks are taken up (issue 14's benchmark). The
    // list, which counts them, is.
    startGeneration: build.mutation<string[], string>({
      query: (generation_id) => post(TESTCASE_PATHS.start, { generation_id }),
      invalidatesTags: [{ type: 'TestcaseGeneration', id: 'LIST' }],
    }),
    taskAction: build.mutation<TaskState[], { action: 'pause' | 'resume' | 'terminate'; task_ids: string[] }>({
      query: ({ action, task_ids }) => post(TESTCASE_PATHS[action], { task_ids }),
      invalidatesTags: ['TestcaseGeneration'],
    }),
    skipItem: build.mutation<TaskState[], { item_id: number; reason: string }>({
      query: (body) => post(TESTCASE_PATHS.skip, body),
      invalidatesTags: ['TestcaseGeneration'],
    }),
    editItem: build.mutation<TaskState[], EditItemBody>({
      query: (body) => post(TESTCASE_PATHS.editItem, body),
      invalidatesTags: ['TestcaseGeneration'],
    }),
    mergeItem: build.mutation<TaskState[], number>({
      query: (item_id) => post(TESTCASE_PATHS.mergeItem, { item_id }),
      invalidatesTags: ['TestcaseGeneration'],
    }),
    // A saved case does not refetch the generation: the editor already shows what it saved, and a refetch while the
    // tester types would only cost time. The next poll or visit reads it from the server.
    editCase: build.mutation<TestCase, EditCaseBody>({
      query: (body) => ({ ...post(TESTCASE_PATHS.editCase, body), silent: true }),
    }),
    addCase: build.mutation<TestCase, AddCaseBody>({
      query: (body) => post(TESTCASE_PATHS.addCase, body),
      invalidatesTags: ['TestcaseGeneration'],
    }),
    deleteCase: build.mutation<null, number>({
      query: (case_id) => post(TESTCASE_PATHS.deleteCase, { case_id }),
      invalidatesTags: ['TestcaseGeneration'],
    }),
    archiveGeneration: build.mutation<null, string>({
      query: (generation_id) => post(TESTCASE_PATHS.archive, { generation_id }),
      invalidatesTags: ['TestcaseGeneration'],
    }),
  }),
});

export const {
  useGenerationsQuery, useGenerationQuery, useTaskStatesQuery, useStartGenerationMutation, useTaskActionMutation, useSkipItemMutation, useEditItemMutation,
  useMergeItemMutation, useEditCaseMutation, useAddCaseMutation, useDeleteCaseMutation, useArchiveGenerationMutation,
} = testcaseApi;

/** A requirements document: a file to upload with its grade, or a knowledge document the user can read. */
export type SourceChoice = { file: File; secrecy: string } | { docId: number };

/** What the new-generation dialog sends. */
export type GenerateRequest = SourceChoice & { name?: string; start: boolean };

/** The source's form fields, the file last (the server reads the fields before the file's bytes). */
const sourceForm = (source: SourceChoice, fields: Record<string, string | undefined>) => toFormData(
  'file' in source
    ? { ...fields, secrecy: source.secrecy, file: [{ file: source.file, name: source.file.name }] }
    : { ...fields, doc_id: String(source.docId) },
);

/** Sends a requirements document (multipart `file` + `secrecy`, or `doc_id`; `name`, `start`) and answers the task ids. */
export async function generate(request: GenerateRequest, signal?: AbortSignal): Promise<GenerateResult> {
  const form = sourceForm(request, { name: request.name || undefined, start: String(request.start) });
  const response = await postMultipart<{ data: GenerateResult }>(TESTCASE_PATHS.generate, form, { signal });
  return response.data.data;
}

/** Replaces a generation's source with a newer version; answers what changed. */
export async function replaceSource(generationId: string, source: SourceChoice): Promise<ReplaceResult> {
  const form = sourceForm(source, { generation_id: generationId });
  const response = await postMultipart<{ data: ReplaceResult }>(TESTCASE_PATHS.replaceSource, form);
  return response.data.data;
}

const EXPORTS = {
  xlsx: { mime: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', filter: { name: 'Excel 工作簿', extensions: ['xlsx'] } },
  xmind: { mime: 'application/vnd.xmind.workbook', filter: { name: 'XMind 思维导图', extensions: ['xmind'] } },
} as const;

/** Exports a generation's cases (xlsx in MeterSphere's columns, or XMind) and saves the file with the platform. */
export async function exportCases(generationId: string, name: string, format: keyof typeof EXPORTS): Promise<boolean> {
  const response = await http.post<Blob>(TESTCASE_PATHS.export, { generation_id: generationId, format }, { responseType: 'blob' });
  return saveFile({ suggestedName: `${name}-用例.${format}`, data: response.data, mimeType: EXPORTS[format].mime, filters: [{ ...EXPORTS[format].filter, extensions: [...EXPORTS[format].filter.extensions] }] });
}
