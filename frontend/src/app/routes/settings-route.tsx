import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageHeader } from '@/components/layout/page-header';
import { BellIcon, ShieldIcon, SlidersIcon, UserIcon } from '@/components/ui/icons';
import { TabList, TabPanel } from '@/components/ui/tabs';
import { CalendarCard } from '@/features/calendar/components/calendar-card';
import { ChangePasswordForm } from '@/features/auth/components/change-password-form';
import { ProfileForm } from '@/features/auth/components/profile-form';
import { FavoriteTeamCard } from '@/features/onboarding/components/favorite-team-card';
import { CompetitionsPanel } from '@/features/settings/components/competitions-panel';
import { NotificationsPanel } from '@/features/settings/components/notifications-panel';
import { PreferencesPanel } from '@/features/settings/components/preferences-panel';
import { PrivacyPanel } from '@/features/settings/components/privacy-panel';

/** The tabs; each label is `settingsPage.tabs.<id>` in common. */
const TABS = [
  { id: 'profile', icon: <UserIcon size={16} /> },
  { id: 'notifications', icon: <BellIcon size={16} /> },
  { id: 'privacy', icon: <ShieldIcon size={16} /> },
  { id: 'preferences', icon: <SlidersIcon size={16} /> },
] as const;

type TabId = (typeof TABS)[number]['id'];

function isTab(value: string | null): value is TabId {
  return TABS.some((tab) => tab.id === value);
}

/** /settings: Profile, Notifications, Privacy and Preferences tabs (`?tab=` selects one). */
export function SettingsRoute() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const tab: TabId = isTab(requested) ? requested : 'profile';

  return (
    <>
      <title>{`${t('pageTitle.settings')} · Scoreline`}</title>
      <PageHeader title={t('settingsPage.title')} description={t('settingsPage.description')} />
      <TabList
        label={t('settingsPage.sections')}
        idPrefix="settings"
        tabs={TABS.map((tab) => ({ ...tab, label: t(`settingsPage.tabs.${tab.id}`) }))}
        value={tab}
        onChange={(next) => setParams(next === 'profile' ? {} : { tab: next }, { replace: true })}
        className="mb-6"
      />
      <TabPanel idPrefix="settings" id="profile" active={tab === 'profile'} className="space-y-6">
        <ProfileForm />
        <FavoriteTeamCard />
        <CompetitionsPanel />
        <ChangePasswordForm />
      </TabPanel>
      <TabPanel idPrefix="settings" id="notifications" active={tab === 'notifications'} className="space-y-6">
        <NotificationsPanel />
        <CalendarCard />
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
