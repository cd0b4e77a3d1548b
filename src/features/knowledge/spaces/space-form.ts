import type { Space, SpaceArguments } from '../../../../contract/api';

/** Space names: Chinese, letters, digits, `_` and `-`, at most 100 characters (the server's rule). */
const NAME_PATTERN = /^[\p{Script=Han}A-Za-z0-9_-]+$/u;
export const SPACE_NAME_MAX = 100;
export const SPACE_DESC_MAX = 500;

/** The Chinese problem with a space name, or null when it may be sent to the server's check. */
export function spaceNameProblem(raw: string | undefined): string | null {
  const name = (raw ?? '').trim();
  if (!name) return '请输入知识空间名称';
  if (Array.from(name).length > SPACE_NAME_MAX) return `知识空间名称不能超过 ${SPACE_NAME_MAX} 个字符`;
  if (!NAME_PATTERN.test(name)) return '知识空间名称只能包含中文、字母、数字、下划线（_）和中划线（-）';
  return null;
}

/** The form's flat values: name, description and the arguments a user tunes. */
export type SpaceFormValues = {
  name: string;
  desc: string;
  topk: number;
  recall_score: number;
  chunk_size: number;
  chunk_overlap: number;
  max_token: number;
  scene: string;
  template: string;
  /** Who may see the space besides its owner (role ids, department ids); none: everyone with 知识库 (D93). */
  roles: string[];
  depts: number[];
};

const idsOf = (field: string | undefined) => (field ?? '').split(',').map((s) => s.trim()).filter(Boolean);

/** Flat form values from a space's stored arguments (its `context` JSON) over the defaults. */
export function formValuesOf(space: Pick<Space, 'name' | 'desc' | 'context' | 'review_role' | 'dept_ids'> | null, defaults: SpaceArguments): SpaceFormValues {
  let stored: Partial<SpaceArguments>;
  try {
    stored = space?.context ? (JSON.parse(space.context) as Partial<SpaceArguments>) : {};
  } catch {
    stored = {};
  }
  const embedding = { ...defaults.embedding, ...stored.embedding };
  const prompt = { ...defaults.prompt, ...stored.prompt };
  return {
    name: space?.name ?? '',
    desc: space?.desc ?? '',
    topk: embedding.topk,
    recall_score: embedding.recall_score,
    chunk_size: embedding.chunk_size,
    chunk_overlap: embedding.chunk_overlap,
    max_token: prompt.max_token,
    scene: prompt.scene,
    template: prompt.template,
    roles: idsOf(space?.review_role),
    depts: idsOf(space?.dept_ids).map(Number),
  };
}

/** The limit as the server takes it: comma-separated ids, empty for none. */
export function accessOf(v: Pick<SpaceFormValues, 'roles' | 'depts'>) {
  return { review_role: (v.roles ?? []).join(','), dept_ids: (v.depts ?? []).join(',') };
}

/** The `argument` object the server merges over the stored one. */
export function argumentOf(v: SpaceFormValues) {
  return {
    embedding: { topk: v.topk, recall_score: v.recall_score, chunk_size: v.chunk_size, chunk_overlap: v.chunk_overlap },
    prompt: { max_token: v.max_token, scene: v.scene, template: v.template },
  };
}
