import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { BoltIcon, TargetIcon, TrophyIcon, UsersIcon } from '@/components/ui/icons';

/** Titles and texts are `about.features.<id>` in the site namespace. */
const FEATURES = [
  { id: 'predictions', icon: <TargetIcon size={22} /> },
  { id: 'social', icon: <UsersIcon size={22} /> },
  { id: 'leagues', icon: <TrophyIcon size={22} /> },
  { id: 'realtime', icon: <BoltIcon size={22} /> },
] as const;

/** Community figures, shown in the language's compact notation (50K, 50 k, 50.000…); labels are `about.stats.<id>`. */
const STATS = [
  { id: 'activeUsers', value: 50_000 },
  { id: 'predictions', value: 2_000_000 },
  { id: 'leagues', value: 10_000 },
  { id: 'countries', value: 100 },
] as const;

/** The three steps; titles and texts are `about.steps.<id>`. */
const STEPS = ['signUp', 'predict', 'compete'] as const;

export function AboutScreen() {
  const { t, i18n } = useTranslation(['site', 'common']);
  const compact = new Intl.NumberFormat(i18n.language, { notation: 'compact' });
  return (
    <div className="mx-auto max-w-6xl px-4 py-12 sm:px-6 sm:py-16">
      <section className="mx-auto max-w-3xl text-center">
        <p className="text-xs font-semibold tracking-widest text-accent uppercase">{t('about.eyebrow')}</p>
        <h1 className="mt-3 font-display text-4xl font-extrabold tracking-tight text-fg sm:text-5xl">{t('about.title')}</h1>
        <p className="mt-5 text-base text-muted sm:text-lg">
          {t('about.intro')}
        </p>
      </section>

      <section className="mt-14" aria-labelledby="about-features">
        <h2 id="about-features" className="sr-only">
          {t('about.featuresHeading')}
        </h2>
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {FEATURES.map((f) => (
            <Card key={f.id} className="p-6">
              <div className="grid size-11 place-items-center rounded-2xl bg-primary-soft text-accent" aria-hidden="true">
                {f.icon}
              </div>
              <h3 className="mt-4 font-bold text-fg">{t(`about.features.${f.id}.title`)}</h3>
              <p className="mt-2 text-sm leading-relaxed text-muted">{t(`about.features.${f.id}.text`)}</p>
            </Card>
          ))}
        </div>
      </section>

      <section className="mt-14" aria-labelledby="about-community">
        <h2 id="about-community" className="text-center font-display text-2xl font-extrabold tracking-tight text-fg sm:text-3xl">
          {t('about.community')}
        </h2>
        <dl className="mt-8 grid grid-cols-2 gap-4 lg:grid-cols-4">
          {STATS.map((s) => (
            <div key={s.id} className="rounded-2xl border border-line bg-surface p-6 text-center">
              <dt className="text-sm text-muted">{t(`about.stats.${s.id}`)}</dt>
              <dd className="mt-1 text-3xl font-extrabold text-accent tabular-nums sm:text-4xl">{t('about.stats.atLeast', { value: compact.format(s.value) })}</dd>
            </div>
          ))}
        </dl>
      </section>

      <section className="mt-14" aria-labelledby="about-how">
        <h2 id="about-how" className="text-center font-display text-2xl font-extrabold tracking-tight text-fg sm:text-3xl">
          {t('about.how')}
        </h2>
        <ol className="mt-8 grid gap-4 md:grid-cols-3">
          {STEPS.map((step, index) => (
            <li key={step} className="rounded-2xl border border-line bg-surface p-6">
              <span className="grid size-10 place-items-center rounded-full bg-primary text-lg font-extrabold text-primary-fg" aria-hidden="true">
                {index + 1}
              </span>
              <h3 className="mt-4 font-bold text-fg">{t(`about.steps.${step}.title`)}</h3>
              <p className="mt-2 text-sm leading-relaxed text-muted">{t(`about.steps.${step}.text`)}</p>
            </li>
          ))}
        </ol>
      </section>

      <section className="mt-14">
        <Card className="pitch-stripes px-6 py-10 text-center">
          <h2 className="font-display text-2xl font-extrabold tracking-tight text-fg">{t('about.cta')}</h2>
          <div className="mt-6 flex flex-col justify-center gap-3 sm:flex-row">
            <Link to="/signup" className={buttonClasses('primary', 'lg')}>
              {t('about.createAccount')}
            </Link>
            <Link to="/signin" className={buttonClasses('secondary', 'lg')}>
              {t('common:nav.signIn')}
            </Link>
          </div>
        </Card>
      </section>
    </div>
  );
}
