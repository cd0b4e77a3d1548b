import type { FormInstance } from 'antd';
import { useState } from 'react';
import type { SourceChoice } from './api';
import type { PickedSource, SourcePickerProps } from './SourcePicker';

/** The source the form holds, or the reason it is not complete. */
export function choiceOf(picked: PickedSource, secrecy: string | undefined): SourceChoice | string {
  if (picked.kind === 'upload') return picked.file ? { file: picked.file, secrecy: secrecy ?? '' } : '请选择需求文档';
  return picked.docId ? { docId: picked.docId } : '请选择知识库文档';
}

/**
 * A dialog's requirements document: the props of its `SourcePicker`, and `validate`, which shows what is missing in
 * the picker and in the form at once and gives the source with the form's values (a rejection keeps the dialog open).
 */
export function useSourceChoice<V extends { secrecy?: string }>(form: FormInstance<V>) {
  const [picked, setPicked] = useState<PickedSource>({ kind: 'upload', file: null });
  const [error, setError] = useState('');

  const picker: SourcePickerProps = {
    value: picked,
    onChange: (value) => {
      setPicked(value);
      setError('');
    },
    error,
  };
  const validate = async () => {
    const incomplete = choiceOf(picked, undefined);
    setError(typeof incomplete === 'string' ? incomplete : '');
    const values = await form.validateFields();
    const choice = choiceOf(picked, values.secrecy);
    if (typeof choice === 'string') throw new Error(choice);
    return { choice, values };
  };
  return { picker, validate };
}
