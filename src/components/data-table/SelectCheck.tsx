import { memo, useEffect, useRef } from 'react';
import styles from './SelectCheck.module.css';

/** Props of SelectCheck. */
export type SelectCheckProps = {
  type: 'checkbox' | 'radio';
  checked: boolean;
  indeterminate?: boolean;
  disabled?: boolean;
  label: string;
  onChange: () => void;
};

/**
 * The select column's checkbox or radio: a native input styled like antd's. antd's Checkbox per visible row
 * (wave effect, context, style hooks) costs more than the rest of the row (200 rows × 20 columns must paint in < 100 ms).
 */
export const SelectCheck = memo(function SelectCheck({ type, checked, indeterminate = false, disabled, label, onChange }: SelectCheckProps) {
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (ref.current && ref.current.indeterminate !== indeterminate) ref.current.indeterminate = indeterminate;
  }, [indeterminate]);
  return (
    <input
      ref={ref}
      type={type}
      className={styles[type]}
      checked={checked}
      disabled={disabled}
      aria-label={label}
      onChange={onChange}
      onClick={(e) => e.stopPropagation()}
    />
  );
});
