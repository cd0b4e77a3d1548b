import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import {
  DICT_PATHS, DictCodeParams, DictGroup, DictItem, DictItemBody, DictItemDisableBody, DictItemParams, DictOption, DictTree, PlatformEnvelope,
  StaticEnum, StaticEnumQuery, TbomNodeSchema, TbomQuery,
} from '../../../contract/api';
import type { Deps } from '../../deps';
import { ok } from '../../http/envelope';
import { createItem, deleteItem, listItems, setItemDisabled, updateItem } from '../../sys-mgr/dicts/dict-items';
import { dictGroups, dictOptions, dictTree, gradeOptions, staticEnum, tbomTree } from '../../sys-mgr/dicts/dict-service';

/** Selector data: any signed-in account may read it (no secrets, every form needs it). */
const read = { access: 'session' } as const;
const NoQuery = Type.Object({});
/** 字典管理 is the system administrator's (issue 17): reading its rows needs the page, each write its button. */
const MANAGE = '/sysMgr/dictMgr';
const manage = (button: string, audit: string) => ({ access: 'duty', duty: 'sysadmin', button: `${MANAGE}#${button}`, audit }) as const;

/** Dictionary, static-enum and tbom selector calls (spec §7). */
export function dictRoutes(deps: Deps): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.get(DICT_PATHS.staticEnum, {
      config: read,
      schema: { querystring: StaticEnumQuery, response: { 200: PlatformEnvelope(StaticEnum) } },
    }, async (request) => ok(await staticEnum(deps, request.query.modelId, request.query.sColumnName)));

    app.get(DICT_PATHS.groups, {
      config: read,
      schema: { querystring: NoQuery, response: { 200: PlatformEnvelope(Type.Array(DictGroup)) } },
    }, async () => ok(await dictGroups(deps)));

    app.get(DICT_PATHS.tree4def, {
      config: read,
      schema: { params: DictCodeParams, response: { 200: PlatformEnvelope(DictTree) } },
    }, async (request) => ok(await dictTree(deps, request.params.dictCode)));

    app.get(DICT_PATHS.options, {
      config: read,
      schema: { params: DictCodeParams, response: { 200: PlatformEnvelope(Type.Array(DictOption)) } },
    }, async (request) => ok(await dictOptions(deps, request.params.dictCode)));

    app.get(DICT_PATHS.gradeOptions, {
      config: read,
      schema: { querystring: NoQuery, response: { 200: PlatformEnvelope(Type.Array(DictOption)) } },
    }, async () => ok(await gradeOptions(deps)));

    app.get(DICT_PATHS.tbom, {
      config: read,
      schema: { querystring: TbomQuery, response: { 200: PlatformEnvelope(Type.Array(TbomNodeSchema)) } },
    }, async (request) => ok(await tbomTree(deps, request.query.filter)));

    app.get(DICT_PATHS.items, {
      config: { access: 'duty', duty: 'sysadmin', func: MANAGE },
      schema: { params: DictCodeParams, response: { 200: PlatformEnvelope(Type.Array(DictItem)) } },
    }, async (request) => ok(await listItems(deps, request.params.dictCode)));

    app.post(DICT_PATHS.items, {
      config: manage('add', 'dict-item-create'),
      schema: { params: DictCodeParams, body: DictItemBody, response: { 200: PlatformEnvelope(DictItem) } },
    }, async (request) => {
      request.auditTarget = `${request.params.dictCode}：${request.body.code}`;
      const item = await createItem(deps, request.params.dictCode, request.body);
      request.auditTarget = `${request.params.dictCode}：${item.name}（${item.code}）`;
      return ok(item);
    });

    app.put(DICT_PATHS.item, {
      config: manage('edit', 'dict-item-update'),
      schema: { params: DictItemParams, body: DictItemBody, response: { 200: PlatformEnvelope(DictItem) } },
    }, async (request) => {
      request.auditTarget = `${request.params.dictCode}：ID ${request.params.id}`;
      const { before, after } = await updateItem(deps, request.params.dictCode, request.params.id, request.body);
      request.auditTarget = `${request.params.dictCode}：${after.name}（${after.code}）`;
      if (before.name !== after.name) request.auditDetail = `名称：${before.name} → ${after.name}`;
      return ok(after);
    });

    app.post(DICT_PATHS.itemDisable, {
      config: manage('disable', 'dict-item-disable'),
      schema: { params: DictItemParams, body: DictItemDisableBody, response: { 200: PlatformEnvelope(DictItem) } },
    }, async (request) => {
      request.auditTarget = `${request.params.dictCode}：ID ${request.params.id}`;
      const item = await setItemDisabled(deps, request.params.dictCode, request.params.id, request.body.disabled);
      request.auditTarget = `${request.params.dictCode}：${item.name}（${item.code}）`;
      request.auditDetail = item.disabled ? '停用' : '启用';
      return ok(item);
    });

    app.delete(DICT_PATHS.item, {
      config: manage('delete', 'dict-item-delete'),
      schema: { params: DictItemParams, response: { 200: PlatformEnvelope(DictItem) } },
    }, async (request) => {
      request.auditTarget = `${request.params.dictCode}：ID ${request.params.id}`;
      const item = await deleteItem(deps, request.params.dictCode, request.params.id);
      request.auditTarget = `${request.params.dictCode}：${item.name}（${item.code}）`;
      return ok(item);
    });
  };
}
