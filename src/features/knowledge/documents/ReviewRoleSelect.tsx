import { Select } from 'antd';
import { normalizeReviewRoles } from './review-roles';
import type { Option } from './useDocumentOptions';

export type ReviewRoleSelectProps = { value?: string[]; onChange?: (value: string[]) => void; options: Option[]; id?: string };

/** Multi-select of review roles where 对所有人可见 (-2) and named roles exclude each other. */
export function ReviewRoleSelect({ value = [], onChange, options, id }: ReviewRoleSelectProps) {
  return (
    <Select
      id={id}
      mode="multiple"
      value={value}
      options={options}
      showSearch={{ optionFilterProp: 'label' }}
      placeholder="选择可审阅的角色"
      onChange={(next: string[]) => onChange?.(normalizeReviewRoles(value, next))}
    />
  );
}
