import { FULL_NAME_MAX, POSITION_MAX, REMARK_MAX } from '../../../../contract/api/runtime';
import type { FieldDescriptor } from '../../../components/form';

/** Form values of the user dialog (the department as the tree select's string value). */
export type UserFormValues = {
  username?: string;
  fullName?: string;
  deptId?: string;
  mobile?: string;
  phone?: string;
  email?: string;
  position?: string;
  remark?: string;
};

/** The user form: account, name, department and contact details; the username is fixed once created. */
export function userFields(editing: boolean): FieldDescriptor[] {
  return [
    {
      sColumnName: 'username', type: 'input', label: '用户名', required: true, maxlength: 32,
      eloptions: { placeholder: '字母开头，如 zhang.wei', disabled: editing, autoComplete: 'off' },
    },
    { sColumnName: 'fullName', type: 'input', label: '姓名', required: true, validators: ['specialChars'], maxlength: FULL_NAME_MAX },
    { sColumnName: 'deptId', type: 'selector', label: '所属部门', required: true, selector: { selectorType: 'dept', searchable: true }, isClick: true },
    // 职务 from the DUTY_CODE dictionary (字典管理), kept as its name: a position typed before, or imported, still shows.
    {
      sColumnName: 'position', type: 'dict', label: '职务', dictCode: 'DUTY_CODE', dicConfig: { label: 'name', value: 'name' },
      validators: ['specialChars'], maxlength: POSITION_MAX,
    },
    { sColumnName: 'mobile', type: 'input', label: '手机', validators: ['mobile'], maxlength: 11, eloptions: { placeholder: '11 位手机号' } },
    { sColumnName: 'phone', type: 'input', label: '座机', validators: ['landline'], maxlength: 20, eloptions: { placeholder: '如 010-12345678' } },
    { sColumnName: 'email', type: 'input', label: '邮箱', validators: ['email'], maxlength: 100, span: 24 },
    { sColumnName: 'remark', type: 'textarea', label: '备注', maxlength: REMARK_MAX, span: 24, eloptions: { rows: 3 } },
  ];
}

const FIELD_WORDS: [keyof UserFormValues, string][] = [
  ['username', '用户名'], ['fullName', '姓名'], ['deptId', '部门'], ['mobile', '手机'], ['phone', '座机'],
  ['email', '邮箱'], ['position', '职务'], ['remark', '备注'],
];

/** The server's refusal split by field ('；' joins several problems), for showing beside the inputs. */
export function fieldErrorsOf(message: string): { name: keyof UserFormValues; errors: string[] }[] {
  const byField = new Map<keyof UserFormValues, string[]>();
  for (const part of message.split('；').map((p) => p.trim()).filter(Boolean)) {
    const field = FIELD_WORDS.find(([, word]) => part.includes(word))?.[0];
    if (field) byField.set(field, [...(byField.get(field) ?? []), part]);
  }
  return [...byField].map(([name, errors]) => ({ name, errors }));
}
