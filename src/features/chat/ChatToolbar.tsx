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
        {mode === 'chat_agent' && (
          <Select
            mode="multiple"
            aria-label={paramLabel}
            style={{ minWidth: 240, maxWidth: 420 }}
            disabled={disabled}
            loading={paramsLoading}
            maxTagCount="responsive"
            value={param ? param.split(',') : []}
            placeholder="选择工具集"
            notFoundContent="没有可用的工具集"
            options={(params ?? []).map((p) => ({
              value: p.param,
              label: p.name ?? p.param,
              disabled: Boolean(p.disabled_reason),
              title: p.disabled_reason ?? p.name,
            }))}
            onChange={(ids: string[]) => onParam(ids.join(','))}
          />
        )}
        {paramLabel && mode !== 'chat_agent' && (
          <Select
            aria-label={paramLabel}
            style={{ minWidth: 200 }}
            disabled={disabled}
            loading={paramsLoading}
            value={param ?? undefined}
            placeholder={mode === 'chat_excel' ? '请先上传表格' : `选择${paramLabel}`}
            notFoundContent={mode === 'chat_excel' ? '尚未上传表格' : '没有可用的知识空间'}
            options={(params ?? []).map((p) => ({ value: p.param, label: p.param }))}
            onChange={onParam}
          />
        )}
      </Space>
      <ModelSelect value={model} onChange={onModel} />
    </div>
  );
}
