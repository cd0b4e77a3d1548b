import { DEPT_CODE_MAX, DEPT_NAME_MAX, DEPT_REMARK_MAX, DEPT_SORT_MAX } from '../../../../contract/api/runtime';
import type { FieldDescriptor } from '../../../components/form';

/** The department form: name (with counter), parent, code, sort and remark. */
export const DEPT_FIELDS: FieldDescriptor[] = [
  {
    sColumnName: 'name', type: 'input', label: '部门名称', required: true, validators: ['specialChars'], maxlength: DEPT_NAME_MAX,
    eloptions: { placeholder: '请输入部门名称' },
  },
  { sColumnName: 'parentId', type: 'selector', label: '上级部门', required: true, selector: { selectorType: 'dept', searchable: true }, isClick: true },
  { sColumnName: 'code', type: 'input', label: '部门编码', validators: ['specialChars'], maxlength: DEPT_CODE_MAX, eloptions: { placeholder: '选填，如 RD-01' } },
  { sColumnName: 'sort', type: 'number', label: '排序', eloptions: { min: 0, max: DEPT_SORT_MAX, placeholder: '数字越小越靠前' } },
  { sColumnName: 'remark', type: 'textarea', label: '备注', maxlength: DEPT_REMARK_MAX, span: 24, eloptions: { rows: 3 } },
];

/** The form editing department `id`: its parent picker disables the department and its subtree. */
export function deptFieldsFor(id: number): FieldDescriptor[] {
  return DEPT_FIELDS.map((f) => (f.sColumnName === 'parentId' && f.selector ? { ...f, selector: { ...f.selector, disableSubtreeOf: id } } : f));
}

/** Which form field a server refusal is about, so the message shows beside it too. */
export function fieldOfMessage(message: string): 'parentId' | 'name' | 'code' | 'remark' | null {
  if (message.includes('上级部门') || message.includes('移动')) return 'parentId';
  if (message.includes('部门名称') || message.includes('同名')) return 'name';
  if (message.includes('部门编码')) return 'code';
  if (message.includes('备注')) return 'remark';
  return null;
}
