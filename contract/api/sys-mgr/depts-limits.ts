// Department field limits shared by the server checks and the screen's form. TypeBox-free.

/** Longest department name, code and remark (characters). */
export const DEPT_NAME_MAX = 50;
export const DEPT_CODE_MAX = 50;
export const DEPT_REMARK_MAX = 200;
/** Largest sort number. */
export const DEPT_SORT_MAX = 99999;

/** Chinese refusals of the department calls, shown as they are by the screen. */
export const DEPT_MESSAGES = {
  notFound: '部门不存在',
  parentNotFound: '上级部门不存在',
  nameRequired: '部门名称不能为空',
  nameTooLong: `部门名称不能超过 ${DEPT_NAME_MAX} 个字符`,
  nameSpecial: '部门名称不能包含特殊字符',
  nameTaken: '同一上级部门下已存在同名部门',
  codeTooLong: `部门编码不能超过 ${DEPT_CODE_MAX} 个字符`,
  codeSpecial: '部门编码不能包含特殊字符',
  codeTaken: '部门编码已存在',
  remarkTooLong: `备注不能超过 ${DEPT_REMARK_MAX} 个字符`,
  hasUsers: '该部门下存在人员，无法删除',
  hasChildren: '该部门下存在子部门，无法删除',
  rootDelete: '根部门不能删除',
  rootChange: '根部门不能修改',
  moveUnderSelf: '不能将部门移动到其自身或其下级部门之下',
} as const;
