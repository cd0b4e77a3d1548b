import { Input } from 'antd';
import type { InputProps } from 'antd';

/** Props of TextInput. */
export type TextInputProps = Omit<InputProps, 'maxLength' | 'showCount'> & {
  /** When set, limits the length and shows a character counter. */
  maxlength?: number;
  /** Masks the text with a visibility toggle. */
  showPassword?: boolean;
};

/** Single-line text; a character counter appears when maxlength is set. */
export function TextInput({ maxlength, showPassword, ...rest }: TextInputProps) {
  const limit = maxlength && maxlength > 0 ? { maxLength: maxlength, showCount: true } : {};
  return showPassword ? <Input.Password {...rest} {...limit} /> : <Input allowClear {...rest} {...limit} />;
}
