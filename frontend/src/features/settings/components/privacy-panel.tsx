import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { DownloadIcon, ShieldIcon, TrashIcon } from '@/components/ui/icons';
import { Modal } from '@/components/ui/modal';
import { useToast } from '@/components/ui/toast';

/** Export data and delete account: no server call exists for them yet (spec section 2). */
export function PrivacyPanel() {
  const toast = useToast();
  const [confirmOpen, setConfirmOpen] = useState(false);

  return (
    <div className="space-y-6">
      <Card>
        <CardHeader title="Your data" description="Download a copy of your predictions, leagues and profile." />
        <CardBody>
          <div className="flex flex-col gap-4 rounded-xl bg-surface-2 p-4 sm:flex-row sm:items-center sm:justify-between">
            <div className="flex items-start gap-3">
              <ShieldIcon size={20} className="mt-0.5 shrink-0 text-accent" />
              <p className="text-sm text-muted">
                We only keep what the game needs. Read the{' '}
                <Link to="/privacy" className="font-medium text-accent hover:underline">
                  Privacy Policy
                </Link>{' '}
                for the details.
              </p>
            </div>
            <Button
              variant="secondary"
              icon={<DownloadIcon size={16} />}
              onClick={() => toast.show('Data export is not available yet. It is coming soon.', 'info')}
            >
              Export Data
            </Button>
          </div>
        </CardBody>
      </Card>

      <Card className="border-danger-line!">
        <CardHeader title="Delete account" description="Remove your account, predictions and league memberships for good." />
        <CardBody>
          <Button variant="danger" icon={<TrashIcon size={16} />} onClick={() => setConfirmOpen(true)}>
            Delete Account
          </Button>
        </CardBody>
      </Card>

      <Modal
        open={confirmOpen}
        onClose={() => setConfirmOpen(false)}
        title="Delete your account?"
        description="This cannot be undone. Your predictions, points and league places will be gone."
        footer={
          <>
            <Button variant="secondary" onClick={() => setConfirmOpen(false)}>
              Keep My Account
            </Button>
            <Button
              variant="danger"
              onClick={() => {
                setConfirmOpen(false);
                toast.show('Account deletion is not available yet. Please contact support.', 'info');
              }}
            >
              Delete Account
            </Button>
          </>
        }
      />
    </div>
  );
}
