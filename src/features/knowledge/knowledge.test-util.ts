import { AUTH_PATHS, KNOWLEDGE_PATHS, ROLE_PATHS } from '../../../contract/api/runtime';
import type { KnowledgeDocument, Space, SpaceArguments, UserDetail } from '../../../contract/api';
import type { FakeReply } from '../../test/fake-adapter';
import { aiOk, ok, userDetail } from '../../test/factories';

export const DEFAULT_ARGS: SpaceArguments = {
  embedding: { topk: 5, recall_score: 0.3, recall_type: 'TopK', model: 'FullText', chunk_size: 500, chunk_overlap: 50 },
  prompt: { max_token: 2000, scene: '你是企业知识库的智能助手', template: '已知信息：{context}\n问题：{question}' },
  summary: { max_iteration: 5, concurrency_limit: 3 },
};

export function space(overrides: Partial<Space> = {}): Space {
  return {
    id: 1, name: '产品手册', vector_type: 'FullText', desc: '产品使用说明', owner: 'demo', owner_name: '演示用户',
    context: JSON.stringify(DEFAULT_ARGS), gmt_created: '2030-01-01T00:00:00.000Z', gmt_modified: '2030-01-01T00:00:00.000Z',
    docs: 3, editable: true, ...overrides,
  };
}

export function doc(overrides: Partial<KnowledgeDocument> = {}): KnowledgeDocument {
  return {
    id: 1, doc_name: '员工手册.pdf', doc_type: 'DOCUMENT', space: '产品手册', chunk_size: 12, status: 'FINISHED', result: '处理完成',
    secrecy: 'internal', secrecy_name: '内部', review_role: '', review_role_names: [], owner: 'demo', owner_name: '演示用户',
    content_type: 'application/pdf', size: 2048, queue_position: null, progress: '', vectors_pending: false, editable: true, last_sync: '2030-01-01 08:00:00',
    gmt_created: '2030-01-01 08:00:00', gmt_modified: '2030-01-02 09:30:15', ...overrides,
  };
}

/** demo (秘密) with every knowledge button. */
export const demo = userDetail({
  allFunc: ['/knowledgeBase', '/knowledgeList'],
  allBtn: {
    '/knowledgeBase#add': true, '/knowledgeBase#edit': true, '/knowledgeBase#delete': true,
    '/knowledgeList#upload': true, '/knowledgeList#edit': true, '/knowledgeList#delete': true,
    '/knowledgeList#refresh': true, '/knowledgeList#retry': true,
  },
});

/** What the document list page asks besides its list: the user, the grades, the roles and the spaces. */
export function documentPageRoutes(detail: UserDetail = demo, spaces: Space[] = [space()]): Record<string, FakeReply> {
  return {
    [`GET ${AUTH_PATHS.userDetail}`]: ok(detail),
    [`GET ${AUTH_PATHS.grades}`]: ok({
      allowed: ['public', 'internal', 'secret'], lowest: 'public', map: {},
      list: [{ code: 'secret', text: '秘密', rank: 30 }, { code: 'public', text: '公开', rank: 10 }, { code: 'internal', text: '内部', rank: 20 }],
    }),
    [`GET ${ROLE_PATHS.options}`]: ok([{ id: 5, name: '研发人员' }, { id: 6, name: '市场人员' }]),
    [`POST ${KNOWLEDGE_PATHS.spaceList}`]: aiOk(spaces),
  };
}
