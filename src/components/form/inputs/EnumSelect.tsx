import { Select } from 'antd';
import type { SelectProps } from 'antd';
import { cutAfterSecrecy } from '../enum-options';
import type { EnumOption } from '../enum-options';
import { useFormServices } from '../services';
import { useLoaded } from './useLoaded';

/** Props of EnumSelect. */
export type EnumSelectProps = Omit<SelectProps, 'options' | 'loading' | 'mode'> & {
  modelId: string;
  sColumnName: string;
  /** Bound secrecy code: options after it are cut (spec §5). */
  secrecyCode?: string | number | null;
};

const NONE = { options: [] as EnumOption[], multiple: false };

/** Single-enum select: options and multiplicity from the injected static-enum call. */
export function EnumSelect({ modelId, sColumnName, secrecyCode, ...rest }: EnumSelectProps) {
  const { fetchStaticEnum } = useFormServices();
  const { data, loading } = useLoaded(
    `${modelId}/${sColumnName}`,
    async () => (fetchStaticEnum ? fetchStaticEnum(modelId, sColumnName) : NONE),
    NONE,
  );
  return (
    <Select
      allowClear
      placeholder="请选择"
      notFoundContent="暂无数据"
      {...rest}
      mode={data.multiple ? 'multiple' : undefined}
      loading={loading}
      options={cutAfterSecrecy(data.options, secrecyCode)}
    />
  );
}
