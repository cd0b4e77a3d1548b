import { TESTCASE_PATHS } from '../../../contract/api/runtime';
import type { GenerateResult, GenerationDetail, GenerationList, GenerationListBody, TaskState } from '../../../contract/api';
import { api } from '../../lib/http/api';
import { postMultipart, toFormData } from '../../lib/http';

const post = (url: string, data: object = {}) => ({ url, method: 'POST' as const, data });

/** Test-case generation calls (spec §7, issue 14). */
export const testcaseApi = api.enhanceEndpoints({ addTagTypes: ['TestcaseGeneration'] }).injectEndpoints({
  endpoints: (build) => ({
    generations: build.query<GenerationList, GenerationListBody>({
      query: (body) => post(TESTCASE_PATHS.list, body),
      providesTags: ['TestcaseGeneration'],
    }),
    generation: build.query<GenerationDetail, string>({
      query: (generation_id) => post(TESTCASE_PATHS.detail, { generation_id }),
      providesTags: ['TestcaseGeneration'],
    }),
    startGeneration: build.mutation<string[], string>({
      query: (generation_id) => post(TESTCASE_PATHS.start, { generation_id }),
      invalidatesTags: ['TestcaseGeneration'],
    }),
    taskAction: build.mutation<TaskState[], { action: 'pause' | 'resume' | 'terminate'; task_ids: string[] }>({
      query: ({ action, task_ids }) => post(TESTCASE_PATHS[action], { task_ids }),
      invalidatesTags: ['TestcaseGeneration'],
    }),
    skipItem: build.mutation<TaskState[], { item_id: number; reason: string }>({
      query: (body) => post(TESTCASE_PATHS.skip, body),
      invalidatesTags: ['TestcaseGeneration'],
    }),
  }),
});

export const {
  useGenerationsQuery, useGenerationQuery, useStartGenerationMutation, useTaskActionMutation, useSkipItemMutation,
} = testcaseApi;

/** What the new-generation dialog sends: the requirements file and its grade, or nothing but a name. */
export type GenerateRequest = { file: File; secrecy: string; name?: string; start: boolean };

/** Uploads a requirements document (multipart `file`, `secrecy`, `name`, `start`) and answers the new task ids. */
export async function generate(request: GenerateRequest, signal?: AbortSignal): Promise<GenerateResult> {
  const form = toFormData({
    secrecy: request.secrecy,
    name: request.name || undefined,
    start: String(request.start),
    file: [{ file: request.file, name: request.file.name }],
  });
  const response = await postMultipart<{ data: GenerateResult }>(TESTCASE_PATHS.generate, form, { signal });
  return response.data.data;
}
