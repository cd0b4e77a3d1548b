// Knowledge calls (spec §7; DB-GPT's shapes where the spec is silent, see docs/knowledge.md).
import { Type, type Static } from 'typebox';
import { userInfoFields } from './user-info';

const SpaceName = Type.String({ minLength: 1, maxLength: 100 });

/** A space's arguments (DB-GPT `context`), every part optional on input. */
export const SpaceArguments = Type.Object({
  embedding: Type.Object({
    topk: Type.Integer({ minimum: 1, maximum: 50 }),
    recall_score: Type.Number({ minimum: 0, maximum: 1 }),
    recall_type: Type.String({ maxLength: 20 }),
    model: Type.String({ maxLength: 200 }),
    chunk_size: Type.Integer({ minimum: 50, maximum: 8000 }),
    chunk_overlap: Type.Integer({ minimum: 0, maximum: 4000 }),
  }),
  prompt: Type.Object({
    max_token: Type.Integer({ minimum: 100, maximum: 128_000 }),
    scene: Type.String({ maxLength: 4000 }),
    template: Type.String({ maxLength: 8000 }),
  }),
  summary: Type.Object({
    max_iteration: Type.Integer({ minimum: 1, maximum: 50 }),
    concurrency_limit: Type.Integer({ minimum: 1, maximum: 20 }),
  }),
});
export type SpaceArguments = Static<typeof SpaceArguments>;

export const SpaceArgumentsInput = Type.Object({
  embedding: Type.Optional(Type.Partial(SpaceArguments.properties.embedding)),
  prompt: Type.Optional(Type.Partial(SpaceArguments.properties.prompt)),
  summary: Type.Optional(Type.Partial(SpaceArguments.properties.summary)),
});
export type SpaceArgumentsInput = Static<typeof SpaceArgumentsInput>;

/** A space in lists (DB-GPT `SpaceQueryResponse`, plus whether the caller may change it). */
/** Role or department ids of a space's limit: comma-separated, or one number. */
const SpaceGrantIds = Type.Union([Type.String({ maxLength: 2000 }), Type.Number()]);

export const Space = Type.Object({
  id: Type.Number(),
  name: Type.String(),
  vector_type: Type.String(),
  desc: Type.String(),
  owner: Type.String(),
  owner_name: Type.String(),
  context: Type.Union([Type.String(), Type.Null()]),
  gmt_created: Type.String(),
  gmt_modified: Type.String(),
  /** Documents of the space the caller may see. */
  docs: Type.Number(),
  editable: Type.Boolean(),
  /** Who may see the space besides its owner (D93): role and department ids, comma-separated; both empty: everyone. */
  review_role: Type.Optional(Type.String()),
  review_role_names: Type.Optional(Type.Array(Type.String())),
  dept_ids: Type.Optional(Type.String()),
  dept_names: Type.Optional(Type.Array(Type.String())),
});
export type Space = Static<typeof Space>;

export const SpaceListBody = Type.Object({
  name: Type.Optional(Type.String({ maxLength: 100 })),
  vector_type: Type.Optional(Type.String({ maxLength: 100 })),
  owner: Type.Optional(Type.String({ maxLength: 100 })),
  ...userInfoFields,
});

export const SpaceAddBody = Type.Object({
  name: SpaceName,
  vector_type: Type.Optional(Type.String({ maxLength: 100 })),
  desc: Type.Optional(Type.String({ maxLength: 500 })),
  owner: Type.Optional(Type.String({ maxLength: 100 })),
  domain_type: Type.Optional(Type.String({ maxLength: 100 })),
  argument: Type.Optional(Type.Union([Type.String({ maxLength: 20_000 }), SpaceArgumentsInput])),
  review_role: Type.Optional(SpaceGrantIds),
  dept_ids: Type.Optional(SpaceGrantIds),
  ...userInfoFields,
});
export type SpaceAddBody = Static<typeof SpaceAddBody>;

/** Update of a space: its description, arguments (object or DB-GPT's JSON string) and name. */
export const SpaceSaveBody = Type.Object({
  name: SpaceName,
  new_name: Type.Optional(SpaceName),
  desc: Type.Optional(Type.String({ maxLength: 500 })),
  vector_type: Type.Optional(Type.String({ maxLength: 100 })),
  argument: Type.Optional(Type.Union([Type.String({ maxLength: 20_000 }), SpaceArgumentsInput])),
  /** Absent: the limit is kept; empty string: no limit. */
  review_role: Type.Optional(SpaceGrantIds),
  dept_ids: Type.Optional(SpaceGrantIds),
  ...userInfoFields,
});
export type SpaceSaveBody = Static<typeof SpaceSaveBody>;

export const SpaceNameBody = Type.Object({ name: SpaceName, ...userInfoFields });
export const SpaceCheckResult = Type.Object({ available: Type.Boolean(), message: Type.String() });
export const SpaceParams = Type.Object({ space: SpaceName });

/** Document statuses (DB-GPT's complete list). */
export const DOCUMENT_STATUSES = ['TODO', 'RUNNING', 'FINISHED', 'FAILED'] as const;
export type DocumentStatus = (typeof DOCUMENT_STATUSES)[number];

/** A document in lists (spec §3 plus DB-GPT's fields). */
export const KnowledgeDocument = Type.Object({
  id: Type.Number(),
  doc_name: Type.String(),
  doc_type: Type.String(),
  space: Type.String(),
  /** Number of chunks (DB-GPT's name). */
  chunk_size: Type.Number(),
  status: Type.String(),
  /** Outcome of processing; the reason in Chinese when FAILED. */
  result: Type.String(),
  secrecy: Type.String(),
  secrecy_name: Type.String(),
  /** Comma-separated role ids; empty when visible to everyone. */
  review_role: Type.String(),
  review_role_names: Type.Array(Type.String()),
  owner: Type.String(),
  owner_name: Type.String(),
  content_type: Type.String(),
  size: Type.Number(),
  /** Place in the processing queue while waiting (1 = next), otherwise null. */
  queue_position: Type.Union([Type.Number(), Type.Null()]),
  /** How far a long document's reading is while it runs (已识别 12/80 页), '' otherwise (issue 29). */
  progress: Type.String(),
  /** Finished with full-text search only; its vectors are filled in by a retry job (向量待补, issue 29). */
  vectors_pending: Type.Boolean(),
  editable: Type.Boolean(),
  last_sync: Type.String(),
  gmt_created: Type.String(),
  gmt_modified: Type.String(),
});
export type KnowledgeDocument = Static<typeof KnowledgeDocument>;

/** Columns the document list sorts by (server-side, so paging stays right). */
export const DOCUMENT_SORT_FIELDS = ['doc_name', 'secrecy_name', 'status', 'gmt_modified', 'size', 'chunk_size', 'owner_name'] as const;

export const DocumentListBody = Type.Object({
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000 })),
  page_size: Type.Optional(Type.Integer({ minimum: 1, maximum: 200 })),
  owner: Type.Optional(Type.String({ maxLength: 100 })),
  secrecy: Type.Optional(Type.String({ maxLength: 50 })),
  doc_name: Type.Optional(Type.String({ maxLength: 200 })),
  status: Type.Optional(Type.String({ maxLength: 20 })),
  /** Role ids (comma-separated or one); -2 means documents visible to everyone. */
  review_role: Type.Optional(Type.Union([Type.String({ maxLength: 500 }), Type.Number()])),
  /** '0': documents shared with the caller's roles to review; otherwise the caller's own (spec §4). */
  review_mode: Type.Optional(Type.Union([Type.String({ maxLength: 5 }), Type.Number()])),
  doc_type: Type.Optional(Type.String({ maxLength: 20 })),
  /** Sort item of spec §3 (the column's property and ASC/DESC); newest first without it. */
  sort_by: Type.Optional(Type.Union(DOCUMENT_SORT_FIELDS.map((f) => Type.Literal(f)))),
  sort_order: Type.Optional(Type.Union([Type.Literal('ASC'), Type.Literal('DESC')])),
  ...userInfoFields,
});
export type DocumentListBody = Static<typeof DocumentListBody>;

export const DocumentPage = Type.Object({
  data: Type.Array(KnowledgeDocument),
  total: Type.Number(),
  page: Type.Number(),
  /** Whether any document of the space the caller sees is waiting or running (the client polls while true). */
  processing: Type.Boolean(),
});

export const DocumentUpdateBody = Type.Object({
  doc_id: Type.Integer({ minimum: 1 }),
  doc_name: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
  secrecy: Type.Optional(Type.String({ minLength: 1, maxLength: 50 })),
  review_role: Type.Optional(Type.Union([Type.String({ maxLength: 500 }), Type.Number()])),
  ...userInfoFields,
});
export type DocumentUpdateBody = Static<typeof DocumentUpdateBody>;

export const DocumentDeleteBody = Type.Object({
  doc_id: Type.Optional(Type.Integer({ minimum: 1 })),
  doc_name: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
  ...userInfoFields,
});

export const DocumentParams = Type.Object({ space: SpaceName, id: Type.Integer({ minimum: 1 }) });

export const TaskCreateBody = Type.Object({
  doc_ids: Type.Array(Type.Integer({ minimum: 1 }), { minItems: 1, maxItems: 500 }),
  space_name: Type.Optional(SpaceName),
  ...userInfoFields,
});
export const TaskRetryBody = Type.Object({ doc_id: Type.Integer({ minimum: 1 }), ...userInfoFields });
export const TaskStopBody = Type.Object({ doc_id: Type.Integer({ minimum: 1 }), ...userInfoFields });
export const TaskRetryFailedBody = Type.Object({ space_name: SpaceName, ...userInfoFields });
export const TaskResult = Type.Object({ tasks: Type.Array(Type.Number()) });

export const ChunkListBody = Type.Object({
  document_id: Type.Integer({ minimum: 1 }),
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000 })),
  page_size: Type.Optional(Type.Integer({ minimum: 1, maximum: 200 })),
  content: Type.Optional(Type.String({ maxLength: 200 })),
  ...userInfoFields,
});

/**
 * Where a chunk came from (issue 29), each part where the format gives it: its page (and last page when it runs on),
 * slide, sheet and row range, and its text's boxes as [page, x, y, width, height] in points from the page's top left.
 */
export const ChunkPosition = Type.Object({
  page: Type.Optional(Type.Integer({ minimum: 1 })),
  page_to: Type.Optional(Type.Integer({ minimum: 1 })),
  slide: Type.Optional(Type.Integer({ minimum: 1 })),
  sheet: Type.Optional(Type.String()),
  rows: Type.Optional(Type.Tuple([Type.Integer(), Type.Integer()])),
  boxes: Type.Optional(Type.Array(Type.Array(Type.Number()))),
});
export type ChunkPosition = Static<typeof ChunkPosition>;

export const Chunk = Type.Object({
  id: Type.Number(),
  document_id: Type.Number(),
  doc_name: Type.String(),
  doc_type: Type.String(),
  seq: Type.Number(),
  content: Type.String(),
  meta_info: Type.String(),
  /** The headings above the chunk, outermost first, joined by ' › ' ('' for none). */
  heading_path: Type.String(),
  position: ChunkPosition,
  /** Changed by hand since the document was processed (reprocessing replaces it). */
  edited: Type.Boolean(),
  /** Kept but never recalled (停用). */
  disabled: Type.Boolean(),
  /** Added by hand (手动添加), not read from the file. */
  manual: Type.Boolean(),
});
export type Chunk = Static<typeof Chunk>;

export const ChunkPage = Type.Object({ data: Type.Array(Chunk), total: Type.Number(), page: Type.Number() });

/** A chunk's text as the owner types it: what recall matches, together with its heading path. */
const ChunkContent = Type.String({ minLength: 1, maxLength: 20_000 });
const ChunkTarget = { document_id: Type.Integer({ minimum: 1 }), chunk_id: Type.Integer({ minimum: 1 }), ...userInfoFields };

/** New text of one chunk (issue 29 §7): re-indexed, keeps its place and position, marked edited. */
export const ChunkUpdateBody = Type.Object({ ...ChunkTarget, content: ChunkContent });
export type ChunkUpdateBody = Static<typeof ChunkUpdateBody>;
/** 停用 (true) or 启用 (false) one chunk: a disabled chunk stays listed and is never recalled. */
export const ChunkDisableBody = Type.Object({ ...ChunkTarget, disabled: Type.Boolean() });
export type ChunkDisableBody = Static<typeof ChunkDisableBody>;
export const ChunkDeleteBody = Type.Object(ChunkTarget);
export type ChunkDeleteBody = Static<typeof ChunkDeleteBody>;
/** A chunk added by hand after the document's last one, optionally under headings (outermost first, ' › '). */
export const ChunkAddBody = Type.Object({
  document_id: Type.Integer({ minimum: 1 }),
  content: ChunkContent,
  heading_path: Type.Optional(Type.String({ maxLength: 500 })),
  ...userInfoFields,
});
export type ChunkAddBody = Static<typeof ChunkAddBody>;

/** 全部重新处理: how many documents of the space were queued again. */
export const ReprocessAllResult = Type.Object({ queued: Type.Number() });

export const RecallTestBody = Type.Object({
  question: Type.String({ minLength: 1, maxLength: 2000 }),
  recall_top_k: Type.Optional(Type.Integer({ minimum: 1, maximum: 50 })),
  recall_score_threshold: Type.Optional(Type.Number({ minimum: -100, maximum: 1 })),
  ...userInfoFields,
});

/** A retrieved chunk with its score (0..1, higher is closer). */
export const RecallHit = Type.Object({
  chunk_id: Type.Number(),
  document_id: Type.Number(),
  chunk_name: Type.String(),
  content: Type.String(),
  score: Type.Number(),
  metadata: Type.Object({ seq: Type.Number(), secrecy: Type.String() }),
  retriever: Type.String(),
  heading_path: Type.String(),
  position: ChunkPosition,
  /** The question's words that the passage holds, for the client to find and highlight (lower case). */
  highlights: Type.Optional(Type.Array(Type.String())),
});
export type RecallHit = Static<typeof RecallHit>;
