import type { FormRule } from 'antd';
import { fieldRules, requiredRule } from '../../../components/form';

/** Route-like path: `/` then segments of letters, digits, underscore and hyphen (as the server checks). */
const PATH_PATTERN = /^\/[A-Za-z0-9_-]+(\/[A-Za-z0-9_-]+)*$/;
const CODE_PATTERN = /^[A-Za-z][A-Za-z0-9]*$/;

export const NAME_RULES = (label: string): FormRule[] => [requiredRule(label), fieldRules.specialChars, { max: 50, message: `${label}不能超过 50 个字符` }];

export const PATH_RULES: FormRule[] = [
  requiredRule('路径'),
  {
    validator: (_r, value: unknown) => {
      const text = String(value ?? '').trim();
      if (!text) return Promise.resolve();
      if (!text.startsWith('/')) return Promise.reject(new Error('路径必须以 / 开头'));
      return PATH_PATTERN.test(text) ? Promise.resolve() : Promise.reject(new Error('路径只能包含字母、数字、下划线、连字符和 /，且不能以 / 结尾'));
    },
  },
];

export const CODE_RULES: FormRule[] = [
  requiredRule('按钮编码'),
  { pattern: CODE_PATTERN, message: '按钮编码只能包含字母和数字，且以字母开头' },
];
