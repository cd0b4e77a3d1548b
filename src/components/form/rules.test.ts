import type { FormRule } from 'antd';

type RuleObject = Exclude<FormRule, (...args: never[]) => unknown>;
import { fieldRules, requiredRule, rulesFor } from './rules';

const run = (rule: unknown, value: unknown) => (rule as RuleObject).validator?.(rule as RuleObject, value, () => {});

describe('form rule adapters', () => {
  it('reject a bad mobile number with the shared message', async () => {
    await expect(run(fieldRules.mobile, '12345')).rejects.toThrow('请输入正确的手机号码');
    await expect(run(fieldRules.mobile, '13812345678')).resolves.toBeUndefined();
  });
  it('leave empty values to the required rule', async () => {
    await expect(run(fieldRules.email, '')).resolves.toBeUndefined();
    await expect(run(fieldRules.email, undefined)).resolves.toBeUndefined();
  });
  it.each([
    ['landline', '12', '请输入正确的座机号码'],
    ['email', 'a@b', '请输入正确的邮箱地址'],
    ['specialChars', '张三！', '不能包含特殊字符'],
    ['phone', 'abc', '请输入正确的手机或座机号码'],
  ] as const)('%s refuses %s', async (name, value, message) => {
    await expect(run(fieldRules[name], value)).rejects.toThrow(message);
  });
  it('required names the field and treats [] as empty but 0 as a value', async () => {
    await expect(run(requiredRule('姓名'), [])).rejects.toThrow('姓名不能为空');
    await expect(run(requiredRule('数量'), 0)).resolves.toBeUndefined();
  });
  it('rulesFor puts required first', () => expect(rulesFor({ required: true, validators: ['email'] })).toHaveLength(2));
});
