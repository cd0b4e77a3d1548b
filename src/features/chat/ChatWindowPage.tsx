import { useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { DEFAULT_CHAT_MODE } from '../../../contract/api/runtime';
import { usePageTabTitle } from '../../app/tabs/page-tab-context';
import { useBooleanPref } from '../../lib/ui-prefs';
import type { ChatMode, Dialogue, ModeParam } from '../../../contract/api';
import { useDialoguesQuery, useModeParamsQuery, useModelTypesQuery, useNewDialogueMutation } from './api';
import styles from './chat.module.css';
import { ChatPane } from './ChatPane';
import { ChatToolbar } from './ChatToolbar';
import { DialoguePanel } from './DialoguePanel';
import { warmUpHighlighting } from './markdown/highlight';
import { allowedModeOptions, PARAM_LABELS } from './modes';

type Pane = { key: string; conv: string | null };

warmUpHighlighting();

/**
 * Chat with tools: the picked sets the user may use; none picked yet, the first that the dialogue allows. A picked
 * set that the dialogue's grade has since kept out stays picked: the answer then says why it is not used.
 */
function agentParam(list: ModeParam[], param: string | null): string | null {
  if (param === null) return list.find((p) => !p.disabled_reason)?.param ?? null;
  const picked = param.split(',').filter((id) => list.some((p) => p.param === id));
  return picked.length ? picked.join(',') : null;
}

/** Knowledge chat: the picked spaces the user may still see (D93); none, the first space. */
function spacesParam(list: ModeParam[], param: string | null): string | null {
  const picked = (param ?? '').split(',').filter((name) => list.some((p) => p.param === name));
  return picked.length ? picked.join(',') : (list[0]?.param ?? null);
}

/** A dialogue's title as its tab shows it (tabs are narrow): the first 16 characters. */
const tabTitle = (title: string | undefined) => (title && title.length > 16 ? `${title.slice(0, 16)}…` : title);

// A mode the account may not use (an old dialogue, a link) opens as 普通对话.
const knownMode = (mode: string): ChatMode => allowedModeOptions().find((m) => m.value === mode)?.value ?? DEFAULT_CHAT_MODE;

/** /chatWindow 智能问答: dialogues on the left, the conversation with its mode, parameter and model on the right. */
export function ChatWindowPage() {
  const [search, setSearch] = useSearchParams();
  const [pane, setPane] = useState<Pane>(() => ({ key: search.get('id') ?? 'new', conv: search.get('id') }));
  // ?mode= opens a new dialogue in that mode (the tools base's built-in tools link here).
  const [mode, setMode] = useState<ChatMode>(() => knownMode(search.get('mode') ?? DEFAULT_CHAT_MODE));
  const [param, setParam] = useState<string | null>(null);
  const [model, setModel] = useState<string | null>(null);
  // The collapsed dialogue panel is remembered per user (D38).
  const [collapsed, setCollapsed] = useBooleanPref('chatPanelCollapsed', false);
  const [busy, setBusy] = useState(false);
  const [synced, setSynced] = useState(pane.conv === null);
  const creating = useRef<Promise<string> | null>(null);

  const dialogues = useDialoguesQuery({});
  // The tab is named after the open dialogue (its first question), as the dialogue list names it.
  usePageTabTitle(tabTitle(dialogues.data?.find((d) => d.conv_uid === pane.conv)?.user_input));
  const models = useModelTypesQuery();
  const params = useModeParamsQuery({ chat_mode: mode, conv_uid: pane.conv ?? undefined }, { skip: !PARAM_LABELS[mode] });
  const [newDialogue] = useNewDialogueMutation();
  const list = params.data ?? [];
  // The first option is selected until the user picks another (DB-GPT's select does the same).
  const effectiveParam = !PARAM_LABELS[mode] ? null
    : mode === 'chat_agent' ? agentParam(list, param)
      : mode === 'chat_knowledge' ? spacesParam(list, param)
        : list.some((p) => p.param === param) ? param : (list[0]?.param ?? null);
  const effectiveModel = model ?? models.data?.[0] ?? null;
  // No model configured: a notice instead of answers (D38).
  const noModel = models.isSuccess && (models.data?.length ?? 0) === 0;

  const apply = (d: Dialogue) => {
    setMode(knownMode(d.chat_mode));
    setParam(d.select_param);
    if (d.model_name) setModel(d.model_name);
  };
  // Opened with ?id=: take the dialogue's mode and parameter once the list has it.
  if (!synced && dialogues.data) {
    setSynced(true);
    const d = dialogues.data.find((x) => x.conv_uid === pane.conv);
    if (d) apply(d);
  }

  const open = (next: Pane) => {
    setPane(next);
    setSearch(next.conv ? { id: next.conv } : {}, { replace: true });
  };
  const ensureDialogue = () => {
    if (pane.conv) return Promise.resolve(pane.conv);
    creating.current ??= newDialogue({ chat_mode: mode, model_name: effectiveModel ?? undefined })
      .unwrap()
      .then((d) => {
        setPane((p) => ({ ...p, conv: d.conv_uid }));
        setSearch({ id: d.conv_uid }, { replace: true });
        return d.conv_uid;
      })
      .finally(() => {
        creating.current = null;
      });
    return creating.current;
  };
  /** A new, empty pane: the dialogue is created with its first question. */
  const openNew = () => open({ key: `new-${Date.now()}`, conv: null });

  return (
    <div className={styles.page}>
      <DialoguePanel
        activeUid={pane.conv}
        collapsed={collapsed}
        onToggle={() => setCollapsed(!collapsed)}
        onNew={openNew}
        onSelect={(d) => {
          if (d.conv_uid === pane.conv) return;
          apply(d);
          open({ key: d.conv_uid, conv: d.conv_uid });
        }}
        onDeleted={(uid) => (uid === pane.conv ? openNew() : undefined)}
      />
      <section className={styles.main} aria-label="对话">
        <ChatToolbar
          mode={mode}
          onMode={(m) => {
            setMode(m);
            setParam(null);
          }}
          params={params.data}
          paramsLoading={params.isFetching}
          param={effectiveParam}
          onParam={setParam}
          model={effectiveModel}
          onModel={setModel}
          disabled={busy}
        />
        <ChatPane
          key={pane.key}
          convUid={pane.conv}
          mode={mode}
          selectParam={effectiveParam}
          model={effectiveModel}
          ensureDialogue={ensureDialogue}
          onBusy={setBusy}
          noModel={noModel}
        />
      </section>
    </div>
  );
}
