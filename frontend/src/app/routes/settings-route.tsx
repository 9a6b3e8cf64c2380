import { useSearchParams } from 'react-router';
import { PageHeader } from '@/components/layout/page-header';
import { BellIcon, ShieldIcon, SlidersIcon, UserIcon } from '@/components/ui/icons';
import { TabList, TabPanel } from '@/components/ui/tabs';
import { ChangePasswordForm } from '@/features/auth/components/change-password-form';
import { ProfileForm } from '@/features/auth/components/profile-form';
import { FavoriteTeamCard } from '@/features/onboarding/components/favorite-team-card';
import { NotificationsPanel } from '@/features/settings/components/notifications-panel';
import { PreferencesPanel } from '@/features/settings/components/preferences-panel';
import { PrivacyPanel } from '@/features/settings/components/privacy-panel';

const TABS = [
  { id: 'profile', label: 'Profile', icon: <UserIcon size={16} /> },
  { id: 'notifications', label: 'Notifications', icon: <BellIcon size={16} /> },
  { id: 'privacy', label: 'Privacy', icon: <ShieldIcon size={16} /> },
  { id: 'preferences', label: 'Preferences', icon: <SlidersIcon size={16} /> },
] as const;

type TabId = (typeof TABS)[number]['id'];

function isTab(value: string | null): value is TabId {
  return TABS.some((tab) => tab.id === value);
}

/** /settings: Profile, Notifications, Privacy and Preferences tabs (`?tab=` selects one). */
export function SettingsRoute() {
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const tab: TabId = isTab(requested) ? requested : 'profile';

  return (
    <>
      <title>Settings · Scoreline</title>
      <PageHeader title="Settings" description="Your profile, password, notifications and how Scoreline looks." />
      <TabList
        label="Settings sections"
        idPrefix="settings"
        tabs={TABS}
        value={tab}
        onChange={(next) => setParams(next === 'profile' ? {} : { tab: next }, { replace: true })}
        className="mb-6"
      />
      <TabPanel idPrefix="settings" id="profile" active={tab === 'profile'} className="space-y-6">
        <ProfileForm />
        <FavoriteTeamCard />
        <ChangePasswordForm />
      </TabPanel>
      <TabPanel idPrefix="settings" id="notifications" active={tab === 'notifications'}>
        <NotificationsPanel />
      </TabPanel>
      <TabPanel idPrefix="settings" id="privacy" active={tab === 'privacy'}>
        <PrivacyPanel />
      </TabPanel>
      <TabPanel idPrefix="settings" id="preferences" active={tab === 'preferences'}>
        <PreferencesPanel />
      </TabPanel>
    </>
  );
}
