import { useEffect, useRef, useState } from 'react';
import { DEFAULT_TEMPERATURE } from '../../../../contract/api/runtime';
import type { ChatMode, CompletionBody } from '../../../../contract/api';
import { useAppDispatch } from '../../../app/hooks';
import { chatApi, useCancelToolCallMutation, useConfirmToolCallMutation, useHistoryQuery, useStopAnswerMutation, userFields } from '../api';
import type { StreamEvent } from '../stream/frames';
import { streamCompletion, type StreamError } from '../stream/stream-completion';
import { frameThrottle } from './frame-throttle';
import { nextOrder, roundsOf, withToolCall, type Answer, type Round } from './rounds';

export const CONVERSATION_MESSAGES = {
  interrupted: '连接中断，已显示的内容已保存',
} as const;

export type ConversationOptions = {
  convUid: string | null;
  mode: ChatMode;
  selectParam: string | null;
  model: string | null;
  /** Creates the dialogue when the first question is asked in a new one. */
  ensureDialogue: () => Promise<string>;
};

/** The rounds of a dialogue, and asking, stopping and regenerating with a streamed answer. */
export function useConversation({ convUid, mode, selectParam, model, ensureDialogue }: ConversationOptions) {
  const dispatch = useAppDispatch();
  // A dialogue this pane created has no history worth loading: its rounds are already here.
  const [createdHere, setCreatedHere] = useState(false);
  const history = useHistoryQuery(convUid ?? '', { skip: !convUid || createdHere });
  const [rounds, setRounds] = useState<Round[]>([]);
  const [loaded, setLoaded] = useState(false);
  const [busy, setBusy] = useState(false);
  const controller = useRef<AbortController | null>(null);
  const [stopAnswer] = useStopAnswerMutation();
  const [confirmToolCall] = useConfirmToolCallMutation();
  const [cancelToolCall] = useCancelToolCallMutation();
  const asking = useRef<string | null>(null);

  if (history.data && !loaded) {
    setLoaded(true);
    setRounds(roundsOf(history.data));
  }

  useEffect(() => () => controller.current?.abort(), []);

  /** Asks `question` (or the last question again), streaming the answer into the last round. */
  const ask = async (question: string, regenerate = false) => {
    if (busy) return;
    setBusy(true);
    let conv = convUid;
    try {
      if (!conv) {
        setCreatedHere(true);
        conv = await ensureDialogue();
      }
    } catch {
      setCreatedHere(false);
      setBusy(false);
      return;
    }
    asking.current = conv;
    const answer: Answer = { text: '', status: 'streaming', model };
    setRounds((current) =>
      regenerate && current.length
        ? [...current.slice(0, -1), { ...current[current.length - 1], answer }]
        : [...current, { order: nextOrder(current), question, answer }],
    );
    const update = (patch: Partial<Answer>, order?: number) =>
      setRounds((current) => {
        const last = current[current.length - 1];
        if (!last?.answer) return current;
        return [...current.slice(0, -1), { ...last, order: order ?? last.order, answer: { ...last.answer, ...patch } }];
      });

    let text = '';
    let order: number | undefined;
    let error: string | undefined;
    const throttle = frameThrottle(() => update({ text }, order));
    const onEvent = (event: StreamEvent) => {
      if (event.type === 'delta') {
        text += event.text;
        if (event.order !== undefined) order = event.order;
        throttle.request();
      } else if (event.type === 'references') update({ references: event.references });
      else if (event.type === 'chart') update({ chart: event.chart });
      else if (event.type === 'tool_call') {
        // Calls are placed by their offset in the text: the text so far is shown with them.
        throttle.cancel();
        setRounds((current) => {
          const last = current[current.length - 1];
          if (!last?.answer) return current;
          const toolCalls = withToolCall(last.answer.toolCalls, event.call);
          return [...current.slice(0, -1), { ...last, order: order ?? last.order, answer: { ...last.answer, text, toolCalls } }];
        });
      }
      else if (event.type === 'error') error = event.message;
    };

    controller.current = new AbortController();
    const body: CompletionBody = {
      conv_uid: conv,
      user_input: question,
      chat_mode: mode,
      select_param: selectParam,
      model_name: model,
      temperature: DEFAULT_TEMPERATURE,
      incremental: true,
      ...(regenerate ? { regenerate: true } : {}),
      ...userFields(),
    };
    let final: Partial<Answer>;
    try {
      const { finished } = await streamCompletion(body, { signal: controller.current.signal, onEvent });
      final = error ? { status: 'failed', error } : finished ? { status: 'complete' } : { status: 'failed', error: CONVERSATION_MESSAGES.interrupted };
    } catch (err) {
      const e = err as StreamError;
      final = e.aborted ? { status: 'stopped' } : { status: 'failed', error: error ?? e.message };
    }
    throttle.cancel();
    update({ text, ...final }, order);
    controller.current = null;
    setBusy(false);
    // The dialogue list moves; what the mode offers may change (a tool set kept out after a 秘密 passage).
    dispatch(chatApi.util.invalidateTags(['ChatDialogue', 'ChatParams']));
  };

  /** The user's yes or no to a call waiting in the answer; the stream then shows what happened. */
  const decide = async (callId: string, approve: boolean) => {
    const conv = asking.current ?? convUid;
    if (!conv) return;
    await confirmToolCall({ conv_uid: conv, call_id: callId, approve }).unwrap().catch(() => undefined);
  };

  /** 取消 of a call running in the answer: the server aborts it, and the stream then shows it cancelled. */
  const cancel = async (callId: string) => {
    const conv = asking.current ?? convUid;
    if (!conv) return;
    await cancelToolCall({ conv_uid: conv, call_id: callId }).unwrap().catch(() => undefined);
  };

  /** Stops the answer: the stream is closed at once and the server is told, so the model stops too. */
  const stop = () => {
    controller.current?.abort();
    if (convUid) void stopAnswer(convUid);
  };

  const loading = Boolean(convUid) && !createdHere && !loaded && !history.isError;
  return { rounds, busy, loading, ask, stop, toolActions: { decide, cancel }, regenerate: () => ask(rounds.at(-1)?.question ?? '', true) };
}
