import { useMutation } from '@tanstack/react-query';
import type { AccountExport, DeleteAccountRequest } from '@scoreline/contracts/api/account';
import type { ApiEnvelope, MessageResponse } from '@scoreline/contracts/api/common';
import { apiClient, apiRequest } from '@/lib/api-client';

/** GET /account/export/: everything the server holds about the signed-in user. */
export async function exportAccountData(): Promise<AccountExport> {
  const answer = await apiClient.get<ApiEnvelope<AccountExport> | null>('/account/export/');
  if (!answer?.data) throw new Error('No export data available.');
  return answer.data;
}

/** DELETE /account/ with the password; the server revokes the token once the account is gone. */
export async function deleteAccount(body: DeleteAccountRequest): Promise<MessageResponse | null> {
  // apiClient.delete sends no body; this one needs the password.
  return apiRequest<MessageResponse | null>('/account/', { method: 'DELETE', body });
}

export function useExportAccountData() {
  return useMutation({ mutationFn: exportAccountData });
}

export function useDeleteAccount() {
  return useMutation({ mutationFn: deleteAccount });
}
