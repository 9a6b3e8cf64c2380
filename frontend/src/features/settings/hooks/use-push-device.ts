import { useCallback, useEffect, useState } from 'react';
import type { PushSubscribeRequest } from '@scoreline/contracts/api/push';
import { serviceWorkerRegistration } from '@/lib/service-worker';
import { deleteSubscription, getPushPublicKey, saveSubscription } from '../api/push-subscription';
import { applicationServerKey, deviceLabel } from '../device-label';

/** Where push stands on this device: `checking` until the browser has answered. */
export type PushDeviceState = 'checking' | 'unsupported' | 'denied' | 'off' | 'on' | 'working';

const supported = () => typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;

function asRequest(subscription: PushSubscription): PushSubscribeRequest {
  const json = subscription.toJSON();
  return { endpoint: json.endpoint ?? subscription.endpoint, keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' }, device: deviceLabel(navigator.userAgent) };
}

/**
 * Push on this device (Settings → Notifications). Permission is asked only when the fan turns it
 * on, never before. A subscription the browser still holds is sent again on each visit, so the
 * server keeps it (and its keys) even after it was dropped there.
 */
export function usePushDevice(): { state: PushDeviceState; failed: boolean; setEnabled: (on: boolean) => Promise<void> } {
  const [state, setState] = useState<PushDeviceState>('checking');
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let cancelled = false;
    void (async () => {
      if (!supported()) return setState('unsupported');
      if (Notification.permission === 'denied') return setState('denied');
      const registration = await serviceWorkerRegistration();
      if (!registration) return !cancelled && setState('unsupported');
      const current = await registration.pushManager.getSubscription();
      if (cancelled) return;
      setState(current && Notification.permission === 'granted' ? 'on' : 'off');
      if (current && Notification.permission === 'granted') await saveSubscription(asRequest(current)).catch(() => undefined);
    })();
    return () => {
      cancelled = true;
    };
  }, []);

  const setEnabled = useCallback(async (on: boolean) => {
    setFailed(false);
    setState('working');
    try {
      const registration = await serviceWorkerRegistration();
      if (!registration) return setState('unsupported');
      if (on) {
        const permission = await Notification.requestPermission();
        if (permission !== 'granted') return setState(permission === 'denied' ? 'denied' : 'off');
        const key = await getPushPublicKey();
        const subscription =
          (await registration.pushManager.getSubscription()) ??
          (await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: applicationServerKey(key) }));
        await saveSubscription(asRequest(subscription));
        setState('on');
      } else {
        const subscription = await registration.pushManager.getSubscription();
        if (subscription) {
          await deleteSubscription({ endpoint: subscription.endpoint });
          await subscription.unsubscribe();
        }
        setState('off');
      }
    } catch {
      setFailed(true);
      const subscription = await (await serviceWorkerRegistration())?.pushManager.getSubscription().catch(() => null);
      setState(subscription ? 'on' : 'off');
    }
  }, []);

  return { state, failed, setEnabled };
}
