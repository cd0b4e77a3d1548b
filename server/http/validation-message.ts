import type { FastifySchemaValidationError } from 'fastify/types/schema';

const TYPE_NAMES: Record<string, string> = {
  string: '字符串', number: '数字', integer: '整数', boolean: '布尔值', object: '对象', array: '数组', null: '空值',
};

function fieldOf(error: FastifySchemaValidationError): string {
  const params = error.params as Record<string, unknown>;
  if (error.keyword === 'required' && typeof params.missingProperty === 'string') {
    return params.missingProperty;
  }
  const path = error.instancePath.replace(/^\//, '').replace(/\//g, '.');
  return path;
}

/** A Chinese message naming the field for the first schema violation of a request. */
export function validationMessage(errors: FastifySchemaValidationError[], context: string | undefined): string {
  const error = errors[0];
  if (!error) return '请求参数错误';
  const params = error.params as Record<string, unknown>;
  const field = fieldOf(error);
  if (error.keyword === 'additionalProperties') {
    return `不支持的参数 ${field ? field + '.' : ''}${String(params.additionalProperty)}`;
  }
  if (!field) {
    // The whole part is wrong (e.g. no JSON object as body).
    return context === 'body' ? '请求体格式不正确，应为 JSON 对象' : '请求参数格式不正确';
  }
  const name = `参数 ${field}`;
  switch (error.keyword) {
    case 'required':
      return `${name} 不能为空`;
    case 'minLength':
      return Number(params.limit) <= 1 ? `${name} 不能为空` : `${name} 长度不能少于 ${String(params.limit)}`;
    case 'maxLength':
      return `${name} 长度不能超过 ${String(params.limit)}`;
    case 'minimum':
      return `${name} 不能小于 ${String(params.limit)}`;
    case 'maximum':
      return `${name} 不能大于 ${String(params.limit)}`;
    case 'minItems':
      return `${name} 至少需要 ${String(params.limit)} 项`;
    case 'maxItems':
      return `${name} 不能超过 ${String(params.limit)} 项`;
    case 'type':
      return `${name} 类型错误，应为${TYPE_NAMES[String(params.type)] ?? String(params.type)}`;
    case 'const':
    case 'enum':
      return `${name} 取值不正确`;
    case 'finite':
      return `${name} 不是有效的数字`;
    case 'textKind':
      return `${name} ${String(error.message)}`;
    case 'pattern':
    case 'format':
      return `${name} 格式不正确`;
    default:
      return `${name} 不正确`;
  }
}
