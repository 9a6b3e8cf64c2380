import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Dropdown, dropdownItemClasses } from '@/components/ui/dropdown';
import { ChevronDownIcon, LogOutIcon, SettingsIcon, UserIcon } from '@/components/ui/icons';
import { Spinner } from '@/components/ui/spinner';
import { initialsOf } from '@/lib/initials';
import { useProfile } from '../api/get-profile';
import { useSignOut } from '@/lib/use-sign-out';

/** The header's user menu: the username (spinner while loading, 'User' on failure), Settings, Sign Out. */
export function UserMenu() {
  const { t } = useTranslation('auth');
  const profile = useProfile();
  const signOut = useSignOut();
  const username = profile.isPending ? null : profile.data?.username || t('userMenu.fallbackName');
  const fullName = profile.data ? `${profile.data.first_name ?? ''} ${profile.data.last_name ?? ''}`.trim() : '';

  return (
    <Dropdown
      buttonLabel={t('userMenu.label')}
      buttonClassName="flex h-10 items-center gap-2 rounded-full border border-line bg-surface-2 py-1 pr-2.5 pl-1 text-sm font-semibold text-fg transition-colors hover:bg-surface-3 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-focus"
      buttonContent={
        <>
          <span className="grid size-8 place-items-center rounded-full bg-primary text-xs font-bold text-primary-fg" aria-hidden="true">
            {username ? initialsOf(fullName || username) : <UserIcon size={16} />}
          </span>
          <span className="max-w-24 truncate sm:max-w-36" data-testid="header-username">
            {username ?? <Spinner size={14} label={t('profile.loading')} />}
          </span>
          <ChevronDownIcon size={16} className="text-muted" />
        </>
      }
    >
      {(close) => (
        <div>
          <div className="border-b border-line px-3 pt-2 pb-3">
            <p className="truncate text-sm font-semibold text-fg">{username ?? t('userMenu.loading')}</p>
            {fullName ? <p className="truncate text-xs text-muted">{fullName}</p> : null}
          </div>
          <div className="pt-1.5">
            <Link to="/settings" onClick={close} className={dropdownItemClasses}>
              <SettingsIcon size={18} className="text-muted" />
              {t('userMenu.settings')}
            </Link>
            <button
              type="button"
              onClick={() => {
                close();
                signOut();
              }}
              className={dropdownItemClasses}
            >
              <LogOutIcon size={18} className="text-muted" />
              {t('userMenu.signOut')}
            </button>
          </div>
        </div>
      )}
    </Dropdown>
  );
}
