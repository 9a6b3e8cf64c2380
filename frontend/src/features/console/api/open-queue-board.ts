import type { ApiEnvelope } from '@scoreline/contracts/api/common';
import { apiClient } from '@/lib/api-client';

/**
 * The queue board is a page, which cannot send the bearer header: POST /admin/queues/session sets
 * its 15-minute HttpOnly cookie first (backend/src/platform/queue-board), then the page is opened. The tab
 * is opened before the call, as the click's own action, so that no popup blocker stops it.
 */
export async function openQueueBoard(url: string): Promise<void> {
  const tab = window.open('about:blank', '_blank');
  try {
    await apiClient.post<ApiEnvelope<{ url: string }> | null>('/admin/queues/session');
    if (tab) tab.location.href = url;
    else window.location.assign(url);
  } catch (error) {
    tab?.close();
    throw error;
  }
}
