import { DatePicker } from 'antd';
import dayjs from 'dayjs';

/** Date-time format of spec §9. */
export const DATE_TIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';

/** Props of DateTimeRange: the value is a pair of formatted texts, as list calls send it. */
export type DateTimeRangeProps = {
  value?: [string, string] | null;
  onChange?: (value: [string, string] | null) => void;
  disabled?: boolean;
};

/** Start and end date-time (placeholders 开始时间 / 结束日期, spec §2). */
export function DateTimeRange({ value, onChange, disabled }: DateTimeRangeProps) {
  return (
    <DatePicker.RangePicker
      showTime
      format={DATE_TIME_FORMAT}
      placeholder={['开始时间', '结束日期']}
      disabled={disabled}
      style={{ width: '100%' }}
      value={value ? [dayjs(value[0]), dayjs(value[1])] : null}
      onChange={(range) => onChange?.(range?.[0] && range[1] ? [range[0].format(DATE_TIME_FORMAT), range[1].format(DATE_TIME_FORMAT)] : null)}
    />
  );
}
