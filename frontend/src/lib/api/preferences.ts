import type { ApiEnvelope } from '@scoreline/contracts/api/common';
import type { UpdateUserPreferencesRequest, UserPreferences } from '@scoreline/contracts/api/preferences';
import { apiClient } from '@/lib/api-client';

/**
 * The settings' query (keyed further by the signed-in subject) and mutation key: read by the
 * settings feature, and by the competition switcher (lib/competition), which saves
 * `current_competition` through the same call.
 */
export const preferencesQueryKey = ['auth', 'preferences'] as const;

/** GET /auth/preferences/: the signed-in user's settings (defaults until they save any). */
export async function getPreferences(): Promise<UserPreferences> {
  return (await apiClient.get<ApiEnvelope<UserPreferences>>('/auth/preferences/')).data;
}

/** PUT /auth/preferences/ with only what changed; answers every setting. */
export async function updatePreferences(change: UpdateUserPreferencesRequest): Promise<UserPreferences> {
  return (await apiClient.put<ApiEnvelope<UserPreferences>>('/auth/preferences/', change)).data;
}
