import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import {
  DICT_PATHS, DictCodeParams, DictGroup, DictOption, DictTree, MgmtEnvelope, StaticEnum, StaticEnumQuery, TbomNodeSchema, TbomQuery,
} from '../../../contract/api';
import type { Deps } from '../../deps';
import { ok } from '../../http/envelope';
import { dictGroups, dictOptions, dictTree, gradeOptions, staticEnum, tbomTree } from '../../mgmt/depts/dict-service';

/** Selector data: any signed-in account may read it (no secrets, every form needs it). */
const read = { access: 'session' } as const;
const NoQuery = Type.Object({});

/** Dictionary, static-enum and tbom selector calls (spec §7). */
export function dictRoutes(deps: Deps): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.get(DICT_PATHS.staticEnum, {
      config: read,
      schema: { querystring: StaticEnumQuery, response: { 200: MgmtEnvelope(StaticEnum) } },
    }, async (request) => ok(await staticEnum(deps, request.query.modelId, request.query.sColumnName)));

    app.get(DICT_PATHS.groups, {
      config: read,
      schema: { querystring: NoQuery, response: { 200: MgmtEnvelope(Type.Array(DictGroup)) } },
    }, async () => ok(await dictGroups(deps)));

    app.get(DICT_PATHS.tree4def, {
      config: read,
      schema: { params: DictCodeParams, response: { 200: MgmtEnvelope(DictTree) } },
    }, async (request) => ok(await dictTree(deps, request.params.dictCode)));

    app.get(DICT_PATHS.options, {
      config: read,
      schema: { params: DictCodeParams, response: { 200: MgmtEnvelope(Type.Array(DictOption)) } },
    }, async (request) => ok(await dictOptions(deps, request.params.dictCode)));

    app.get(DICT_PATHS.gradeOptions, {
      config: read,
      schema: { querystring: NoQuery, response: { 200: MgmtEnvelope(Type.Array(DictOption)) } },
    }, async () => ok(await gradeOptions(deps)));

    app.get(DICT_PATHS.tbom, {
      config: read,
      schema: { querystring: TbomQuery, response: { 200: MgmtEnvelope(Type.Array(TbomNodeSchema)) } },
    }, async (request) => ok(await tbomTree(deps, request.query.filter)));
  };
}
