import type { ApiEnvelope, MessageResponse } from '@scoreline/contracts/api/common';
import type { PushPublicKey, PushSubscribeRequest, PushUnsubscribeRequest } from '@scoreline/contracts/api/push';
import { apiClient, apiRequest } from '@/lib/api-client';

/** GET /push/public-key/: the server's VAPID key, for pushManager.subscribe. */
export async function getPushPublicKey(): Promise<string> {
  return (await apiClient.get<ApiEnvelope<PushPublicKey>>('/push/public-key/')).data.public_key;
}

/** POST /push/subscriptions/: this device's subscription, for the signed-in user. */
export function saveSubscription(body: PushSubscribeRequest): Promise<MessageResponse> {
  return apiClient.post<MessageResponse>('/push/subscriptions/', body);
}

/** DELETE /push/subscriptions/: forget this device. */
export function deleteSubscription(body: PushUnsubscribeRequest): Promise<MessageResponse> {
  return apiRequest<MessageResponse>('/push/subscriptions/', { method: 'DELETE', body });
}
