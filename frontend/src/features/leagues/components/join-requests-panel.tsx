import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { JoinRequest } from '@scoreline/contracts/api/leagues';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardHeader } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { CheckIcon, CloseIcon, MailIcon } from '@/components/ui/icons';
import { Skeleton } from '@/components/ui/skeleton';
import { useDateDisplay } from '@/lib/settings/use-date-display';
import { formatDateTime } from '@/lib/format';
import { useApproveJoinRequest } from '../api/approve-join-request';
import { useJoinRequests } from '../api/get-join-requests';
import { useRejectJoinRequest } from '../api/reject-join-request';
import { Avatar } from './avatar';

/** The owner's pending join requests of a private league (data.pending_requests). */
export function JoinRequestsPanel({ leagueId }: { leagueId: number }) {
  const { t } = useTranslation('leagues');
  const requests = useJoinRequests(leagueId, { enabled: true });
  const approve = useApproveJoinRequest(leagueId);
  const reject = useRejectJoinRequest(leagueId);
  const [error, setError] = useState<'approve' | 'reject' | null>(null);
  const [busy, setBusy] = useState<{ user: number; decision: 'approve' | 'reject' } | null>(null);
  const list = requests.data ?? [];
  const display = useDateDisplay();

  const decide = (request: JoinRequest, decision: 'approve' | 'reject') => {
    setError(null);
    setBusy({ user: request.user, decision });
    const mutation = decision === 'approve' ? approve : reject;
    mutation.mutate(request.user, {
      onError: () => setError(decision),
      onSettled: () => setBusy(null),
    });
  };

  return (
    <Card role="region" aria-labelledby="pending-requests-title">
      <CardHeader
        title={
          <span id="pending-requests-title" className="inline-flex items-center gap-2">
            {t('requests.title')}
            {list.length > 0 ? (
              <span className="rounded-full bg-warning-soft px-2 py-0.5 text-xs font-bold text-warning tabular-nums">{list.length}</span>
            ) : null}
          </span>
        }
        description={t('requests.description')}
      />
      <div className="p-5 pt-4 sm:p-6 sm:pt-4">
        {error ? (
          <Alert className="mb-4">
            <p>{error === 'approve' ? t('requests.approveFailed') : t('requests.rejectFailed')}</p>
          </Alert>
        ) : null}
        {requests.isPending ? (
          <div className="space-y-3" aria-hidden="true">
            <Skeleton className="h-16" />
            <Skeleton className="h-16" />
          </div>
        ) : list.length === 0 ? (
          <EmptyState icon={<MailIcon size={22} />} title={t('requests.emptyTitle')} description={t('requests.emptyText')} className="py-6" />
        ) : (
          <ul className="divide-y divide-line rounded-xl border border-line">
            {list.map((request) => (
              <li key={request.id} className="flex flex-col gap-3 p-3.5 animate-fade-in sm:flex-row sm:items-center">
                <div className="flex min-w-0 flex-1 items-start gap-3">
                  <Avatar name={request.user_full_name || request.username} />
                  <div className="min-w-0">
                    <p className="font-semibold text-fg">{request.user_full_name || request.username}</p>
                    <p className="text-xs text-muted">
                      @{request.username} · {formatDateTime(request.created_at, display)}
                    </p>
                    {request.message ? <p className="mt-1.5 text-sm break-words text-fg/90">“{request.message}”</p> : null}
                  </div>
                </div>
                <div className="flex shrink-0 gap-2">
                  <Button
                    size="sm"
                    icon={<CheckIcon size={16} />}
                    loading={busy?.user === request.user && busy.decision === 'approve'}
                    disabled={busy !== null}
                    onClick={() => decide(request, 'approve')}
                    aria-label={t('requests.approveLabel', { name: request.user_full_name || request.username })}
                  >
                    {t('requests.approve')}
                  </Button>
                  <Button
                    size="sm"
                    variant="secondary"
                    icon={<CloseIcon size={16} />}
                    loading={busy?.user === request.user && busy.decision === 'reject'}
                    disabled={busy !== null}
                    onClick={() => decide(request, 'reject')}
                    aria-label={t('requests.rejectLabel', { name: request.user_full_name || request.username })}
                  >
                    {t('requests.reject')}
                  </Button>
                </div>
              </li>
            ))}
          </ul>
        )}
      </div>
    </Card>
  );
}
