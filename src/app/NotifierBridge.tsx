import { message } from 'antd';
import { useLayoutEffect } from 'react';
import { notifierFromMessage, setNotifier } from '../lib/notify';

/** At most three toasts at once. */
const MAX_TOASTS = 3;

/** Lets code outside React (interceptor, guard, idle logout) toast through a themed antd message holder. */
export function NotifierBridge() {
  const [api, holder] = message.useMessage({ maxCount: MAX_TOASTS });
  useLayoutEffect(() => setNotifier(notifierFromMessage(api)), [api]);
  return holder;
}
