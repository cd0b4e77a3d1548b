import { Select } from 'antd';
import type { SelectProps } from 'antd';
import type { DicConfig } from '../descriptor';
import { toOptions } from '../enum-options';
import type { EnumOption } from '../enum-options';
import { useFormServices } from '../services';
import { useLoaded } from './useLoaded';

/** Props of DictSelect. */
export type DictSelectProps = Omit<SelectProps, 'options' | 'loading'> & { dicConfig?: DicConfig; dictCode?: string };

const NONE: EnumOption[] = [];

/**
 * Dictionary select: fixed selectOptions, else options loaded from actionUrl (or defaultUrl) with params
 * through the injected fetchOptions, else the dictionary dictCode through fetchDict. Labels and values are
 * read from dicConfig.label / dicConfig.value (default name / id); dicConfig.defaultValue shows while empty.
 */
export function DictSelect({ dicConfig, dictCode, value, ...rest }: DictSelectProps) {
  const { fetchOptions, fetchDict } = useFormServices();
  const url = dicConfig?.actionUrl || dicConfig?.defaultUrl;
  const fixed = dicConfig?.selectOptions;
  const key = fixed ? null : url ? `url:${url}:${JSON.stringify(dicConfig?.params ?? {})}` : dictCode ? `dict:${dictCode}` : null;
  const load = async () => {
    const records = url ? await fetchOptions?.(url, dicConfig?.params) : dictCode ? await fetchDict?.(dictCode) : [];
    return toOptions(records ?? [], dicConfig?.label, dicConfig?.value);
  };
  const { data, loading } = useLoaded(key, load, NONE);
  const options = fixed ? toOptions(fixed, dicConfig?.label, dicConfig?.value) : data;
  return (
    <Select
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      placeholder="请选择"
      notFoundContent="暂无数据"
      {...rest}
      value={value ?? dicConfig?.defaultValue}
      loading={loading}
      options={options}
    />
  );
}
