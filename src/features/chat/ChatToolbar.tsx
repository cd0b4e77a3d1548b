import { Segmented, Select, Space } from 'antd';
import type { ChatMode, ModeParam } from '../../../contract/api';
import styles from './chat.module.css';
import { ModelSelect } from './ModelSelect';
import { allowedModeOptions, PARAM_LABELS } from './modes';

export type ChatToolbarProps = {
  mode: ChatMode;
  onMode: (mode: ChatMode) => void;
  params: ModeParam[] | undefined;
  paramsLoading: boolean;
  param: string | null;
  onParam: (param: string) => void;
  model: string | null;
  onModel: (model: string) => void;
  disabled: boolean;
};

/** Mode switch, the mode's parameter (knowledge space, uploaded sheet) and the model with its load. */
export function ChatToolbar({ mode, onMode, params, paramsLoading, param, onParam, model, onModel, disabled }: ChatToolbarProps) {
  const paramLabel = PARAM_LABELS[mode];
  // Several tool sets, or several knowledge spaces (cited by space, D93), sent comma-separated.
  const multiple = mode === 'chat_agent' || mode === 'chat_knowledge';
  return (
    <div className={styles.toolbar}>
      <Space size={12} wrap>
        <Segmented<ChatMode>
          aria-label="对话模式"
          value={mode}
          disabled={disabled}
          onChange={onMode}
          options={allowedModeOptions().map((m) => ({ value: m.value, label: m.label, title: m.hint }))}
        />
        {multiple && (
          <Select
            mode="multiple"
            aria-label={paramLabel}
            style={{ minWidth: 240, maxWidth: 420 }}
            disabled={disabled}
            loading={paramsLoading}
            // Names, not a bare 「+ 2 …」: three tags, then the others named in the count (issue 27 §6).
            maxTagCount={3}
            maxTagPlaceholder={(omitted) => `+${omitted.length}：${omitted.map((o) => String(o.label ?? o.value)).join('、')}`}
            value={param ? param.split(',') : []}
            placeholder={mode === 'chat_agent' ? '选择工具集' : '选择知识空间（可多选）'}
            notFoundContent={mode === 'chat_agent' ? '没有可用的工具集' : '没有可用的知识空间'}
            options={(params ?? []).map((p) => ({
              value: p.param,
              label: p.name ?? p.param,
              disabled: Boolean(p.disabled_reason),
              title: p.disabled_reason ?? p.name ?? p.param,
            }))}
            onChange={(ids: string[]) => onParam(ids.join(','))}
          />
        )}
        {paramLabel && !multiple && (
          <Select
            aria-label={paramLabel}
            style={{ minWidth: 200 }}
            disabled={disabled}
            loading={paramsLoading}
            value={param ?? undefined}
            placeholder={mode === 'chat_excel' ? '请先上传表格' : `选择${paramLabel}`}
            notFoundContent="尚未上传表格"
            options={(params ?? []).map((p) => ({ value: p.param, label: p.param }))}
            onChange={onParam}
          />
        )}
      </Space>
      <ModelSelect value={model} onChange={onModel} />
    </div>
  );
}
