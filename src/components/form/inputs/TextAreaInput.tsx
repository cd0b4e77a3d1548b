import { Input } from 'antd';
import type { TextAreaProps } from 'antd/es/input';

/** Props of TextAreaInput. */
export type TextAreaInputProps = Omit<TextAreaProps, 'maxLength' | 'showCount'> & { maxlength?: number };

/** Multi-line text (3 to 6 rows), with a counter when maxlength is set. */
export function TextAreaInput({ maxlength, ...rest }: TextAreaInputProps) {
  const limit = maxlength && maxlength > 0 ? { maxLength: maxlength, showCount: true } : {};
  return <Input.TextArea autoSize={{ minRows: 3, maxRows: 6 }} {...rest} {...limit} />;
}
