import { useId, useState, type FormEvent } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { AccountExport } from '@scoreline/contracts/api/account';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { PasswordField } from '@/components/ui/field';
import { DownloadIcon, ShieldIcon, TrashIcon } from '@/components/ui/icons';
import { Modal } from '@/components/ui/modal';
import { useToast } from '@/components/ui/toast';
import { useSignOut } from '@/lib/use-sign-out';
import { useDeleteAccount, useExportAccountData } from '@/lib/api/account';
import { getFieldError } from '@/lib/api-error';

/** The local calendar date as YYYY-MM-DD: the day the user downloaded the file. */
function localDate(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

function exportFileName(username: string, date: Date): string {
  return `scoreline-data-${username}-${localDate(date)}.json`;
}

/** Hands the export to the browser as a file download. */
function downloadExport(data: AccountExport): void {
  const blob = new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = exportFileName(data.profile.username, new Date());
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Revoked on the next tick: the download has started by then.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** Settings › Privacy: download everything the server holds, or delete the account for good. */
export function PrivacyPanel() {
  const { t } = useTranslation('settings');
  const toast = useToast();
  const signOut = useSignOut();
  const exporter = useExportAccountData();
  const deleter = useDeleteAccount();
  const formId = useId();
  const errorId = useId();
  const [confirmOpen, setConfirmOpen] = useState(false);
  const [password, setPassword] = useState('');
  const [passwordError, setPasswordError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);

  const onExport = () => {
    exporter.mutate(undefined, {
      onSuccess: (data) => {
        downloadExport(data);
        toast.show(t('privacy.data.exported'), 'success');
      },
      onError: (failure) => toast.show(t('privacy.data.exportFailed', { reason: failure.message }), 'error'),
    });
  };

  const closeConfirm = () => {
    if (deleter.isPending) return;
    setConfirmOpen(false);
    setPassword('');
    setPasswordError(null);
    setFormError(null);
  };

  const onDelete = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setPasswordError(null);
    setFormError(null);
    if (!password) {
      setPasswordError(t('privacy.delete.passwordRequired'));
      return;
    }
    deleter.mutate(
      { password },
      {
        onSuccess: (answer) => {
          setConfirmOpen(false);
          // The token no longer works: end the session exactly as signing out does.
          signOut();
          toast.show(answer?.message ?? t('privacy.delete.deleted'), 'success');
        },
        onError: (failure) => {
          const field = getFieldError(failure, 'password');
          if (field) setPasswordError(field);
          else setFormError(failure.message || t('privacy.delete.failed'));
        },
      },
    );
  };

  return (
    <div className="space-y-6">
      <Card>
        <CardHeader title={t('privacy.data.title')} description={t('privacy.data.description')} />
        <CardBody>
          <div className="flex flex-col gap-4 rounded-xl bg-surface-2 p-4 sm:flex-row sm:items-center sm:justify-between">
            <div className="flex items-start gap-3">
              <ShieldIcon size={20} className="mt-0.5 shrink-0 text-accent" />
              <p className="text-sm text-muted">
                <Trans
                  t={t}
                  i18nKey="privacy.data.policy"
                  components={{ policy: <Link to="/privacy" className="font-medium text-accent hover:underline" /> }}
                />
              </p>
            </div>
            <Button variant="secondary" icon={<DownloadIcon size={16} />} loading={exporter.isPending} onClick={onExport}>
              {exporter.isPending ? t('privacy.data.exporting') : t('privacy.data.export')}
            </Button>
          </div>
        </CardBody>
      </Card>

      <Card className="border-danger-line!">
        <CardHeader title={t('privacy.delete.title')} description={t('privacy.delete.description')} />
        <CardBody>
          <Button variant="danger" icon={<TrashIcon size={16} />} onClick={() => setConfirmOpen(true)}>
            {t('privacy.delete.button')}
          </Button>
        </CardBody>
      </Card>

      <Modal
        open={confirmOpen}
        onClose={closeConfirm}
        title={t('privacy.delete.confirmTitle')}
        description={t('privacy.delete.confirmDescription')}
        footer={
          <>
            <Button variant="secondary" onClick={closeConfirm} disabled={deleter.isPending}>
              {t('privacy.delete.keep')}
            </Button>
            <Button variant="danger" type="submit" form={formId} loading={deleter.isPending}>
              {deleter.isPending ? t('privacy.delete.deleting') : t('privacy.delete.button')}
            </Button>
          </>
        }
      >
        <form id={formId} onSubmit={onDelete} noValidate className="space-y-4">
          {formError ? <Alert tone="error">{formError}</Alert> : null}
          <div>
            <PasswordField
              label={t('privacy.delete.password')}
              name="password"
              autoComplete="current-password"
              required
              value={password}
              aria-invalid={passwordError ? true : undefined}
              aria-describedby={passwordError ? errorId : undefined}
              onChange={(e) => {
                setPassword(e.target.value);
                setPasswordError(null);
              }}
            />
            {passwordError ? (
              <p id={errorId} role="alert" className="mt-1.5 text-sm text-danger">
                {passwordError}
              </p>
            ) : null}
          </div>
        </form>
      </Modal>
    </div>
  );
}
