import { App } from 'antd';
import { useLayoutEffect } from 'react';
import { notifierFromMessage, setNotifier } from '../lib/notify';

/** Lets code outside React (interceptor, guard, idle logout) toast through the themed antd App. */
export function NotifierBridge() {
  const { message } = App.useApp();
  useLayoutEffect(() => setNotifier(notifierFromMessage(message)), [message]);
  return null;
}
