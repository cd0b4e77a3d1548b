import { message } from 'antd';
import { useLayoutEffect } from 'react';
import { notifierFromMessage, setHolder } from '../lib/notify';

/** At most three toasts at once. */
const MAX_TOASTS = 3;

/**
 * Lets code outside React (interceptor, guard, idle logout) toast through a themed antd message holder; shows
 * the toasts asked for before it was drawn. AppProviders draws it on the first toast (see lib/notify, D73).
 */
export function NotifierBridge() {
  const [api, holder] = message.useMessage({ maxCount: MAX_TOASTS });
  useLayoutEffect(() => setHolder(notifierFromMessage(api)), [api]);
  return holder;
}
