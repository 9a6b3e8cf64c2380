import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { buttonClasses } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ArrowRightIcon, BallIcon, ChartIcon, TargetIcon, TrophyIcon, UsersIcon } from '@/components/ui/icons';

/** Each feature's title and text are `landing.features.<id>` in the site namespace. */
const FEATURES = [
  { id: 'leagues', icon: <UsersIcon size={22} /> },
  { id: 'banker', icon: <TargetIcon size={22} /> },
  { id: 'analytics', icon: <ChartIcon size={22} /> },
] as const;

/** The scoring rules shown under "Simple scoring"; labels are `landing.scoring.<id>`. */
const SCORING = [
  { id: 'correctResult', points: 10 },
  { id: 'correctDraw', points: 15 },
  { id: 'exactScore', points: 20 },
  { id: 'exactDraw', points: 30 },
] as const;

const SAMPLE_PICKS = [
  { home: 'Arsenal', away: 'Chelsea', pick: '2 – 1', result: '2 – 1', points: 40, banker: true, tone: 'exact' as const },
  { home: 'Liverpool', away: 'Everton', pick: '3 – 0', result: '2 – 0', points: 10, banker: false, tone: 'correct' as const },
  { home: 'Aston Villa', away: 'Spurs', pick: '1 – 1', result: '0 – 2', points: 0, banker: false, tone: 'wrong' as const },
];

const TONE_CLASSES = {
  exact: 'bg-success-soft text-success',
  correct: 'bg-warning-soft text-warning',
  wrong: 'bg-danger-soft text-danger',
};
function SamplePredictionCard() {
  const { t } = useTranslation(['site', 'common']);
  return (
    <div className="relative mx-auto w-full max-w-sm lg:mx-0" aria-hidden="true">
      <div className="absolute -inset-6 rounded-[2rem] bg-primary/20 blur-3xl" />
      <Card className="relative overflow-hidden">
        <div className="flex items-center justify-between border-b border-line px-5 py-4">
          <div>
            <p className="text-xs font-semibold tracking-widest text-muted uppercase">{t('common:gameweekName', { number: 12 })}</p>
            <p className="mt-0.5 text-sm font-semibold text-fg">{t('landing.sample.yourPicks')}</p>
          </div>
          <div className="text-right">
            <p className="text-2xl font-extrabold text-accent tabular-nums">+50</p>
            <p className="text-xs text-muted">{t('landing.sample.points')}</p>
          </div>
        </div>
        <ul className="divide-y divide-line">
          {SAMPLE_PICKS.map((m) => (
            <li key={m.home} className="flex items-center gap-3 px-5 py-3.5">
              <div className="min-w-0 flex-1">
                <p className="truncate text-sm font-semibold text-fg">
                  {m.home} <span className="text-muted">{t('landing.sample.versus')}</span> {m.away}
                </p>
                <p className="mt-0.5 text-xs text-muted tabular-nums">
                  {t('landing.sample.line', { pick: m.pick, result: m.result })}
                </p>
              </div>
              {m.banker ? <Badge tone="banker">{t('landing.sample.banker')}</Badge> : null}
              <span className={`rounded-lg px-2 py-1 text-xs font-bold tabular-nums ${TONE_CLASSES[m.tone]}`}>
                {t(`landing.sample.${m.tone}`)} · {m.points}
              </span>
            </li>
          ))}
        </ul>
        <div className="flex items-center justify-between bg-surface-2 px-5 py-3.5">
          <div className="flex items-center gap-2 text-sm text-fg">
            <TrophyIcon size={18} className="text-yellow-400" />
            <span className="font-semibold">{t('landing.sample.league')}</span>
          </div>
          <span className="text-sm font-bold text-fg tabular-nums">
            #3 <span className="text-success">▲2</span>
          </span>
        </div>
      </Card>
    </div>
  );
}

export function LandingScreen() {
  const { t } = useTranslation(['site', 'common']);
  return (
    <div>
      <section className="pitch-stripes relative overflow-hidden border-b border-line">
        <div className="pointer-events-none absolute inset-0 bg-[radial-gradient(ellipse_at_top,rgb(34_197_94/0.18),transparent_60%)]" />
        <div className="relative mx-auto grid max-w-6xl items-center gap-12 px-4 py-14 sm:px-6 sm:py-20 lg:grid-cols-[1.15fr_1fr] lg:py-24">
          <div>
            <Badge tone="primary" className="mb-5">
              <BallIcon size={14} />
              {t('landing.badge')}
            </Badge>
            <h1 className="font-display text-4xl leading-[1.05] font-extrabold tracking-tight text-fg sm:text-5xl lg:text-6xl">
              {t('landing.title')}
            </h1>
            <p className="mt-5 max-w-xl text-base text-muted sm:text-lg">
              {t('landing.intro')}
            </p>
            <div className="mt-8 flex flex-col gap-3 sm:flex-row">
              <Link to="/signup" className={buttonClasses('primary', 'lg')}>
                {t('landing.startPredicting')}
                <ArrowRightIcon size={18} />
              </Link>
              <Link to="/signin" className={buttonClasses('secondary', 'lg')}>
                {t('common:nav.signIn')}
              </Link>
            </div>
            <p className="mt-4 text-sm text-muted">{t('landing.free')}</p>
          </div>
          <SamplePredictionCard />
        </div>
      </section>

      <section className="mx-auto max-w-6xl px-4 py-16 sm:px-6 sm:py-20" aria-labelledby="features-heading">
        <div className="mx-auto max-w-2xl text-center">
          <h2 id="features-heading" className="font-display text-3xl font-extrabold tracking-tight text-fg sm:text-4xl">
            {t('landing.features.title')}
          </h2>
          <p className="mt-3 text-muted">{t('landing.features.intro')}</p>
        </div>
        <div className="mt-12 grid gap-4 sm:gap-6 md:grid-cols-3">
          {FEATURES.map((feature) => (
            <Card key={feature.id} className="p-6 transition-transform hover:-translate-y-0.5">
              <div className="grid size-12 place-items-center rounded-2xl bg-primary-soft text-accent" aria-hidden="true">
                {feature.icon}
              </div>
              <h3 className="mt-5 text-lg font-bold text-fg">{t(`landing.features.${feature.id}.title`)}</h3>
              <p className="mt-2 text-sm leading-relaxed text-muted">{t(`landing.features.${feature.id}.text`)}</p>
            </Card>
          ))}
        </div>
      </section>

      <section className="border-y border-line bg-surface" aria-labelledby="scoring-heading">
        <div className="mx-auto max-w-6xl px-4 py-14 sm:px-6">
          <div className="grid items-center gap-8 lg:grid-cols-[1fr_1.4fr]">
            <div>
              <h2 id="scoring-heading" className="font-display text-2xl font-extrabold tracking-tight text-fg sm:text-3xl">
                {t('landing.scoring.title')}
              </h2>
              <p className="mt-3 text-muted">
                {t('landing.scoring.text')}
              </p>
              <Link to="/help" className="mt-4 inline-flex items-center gap-1.5 text-sm font-semibold text-accent hover:underline">
                {t('landing.scoring.link')}
                <ArrowRightIcon size={16} />
              </Link>
            </div>
            <ul className="grid grid-cols-2 gap-3 sm:grid-cols-4">
              {SCORING.map((rule) => (
                <li key={rule.id} className="rounded-2xl border border-line bg-surface-2 p-4 text-center">
                  <p className="text-3xl font-extrabold text-accent tabular-nums">{rule.points}</p>
                  <p className="mt-1 text-xs font-medium text-muted">{t(`landing.scoring.${rule.id}`)}</p>
                </li>
              ))}
            </ul>
          </div>
        </div>
      </section>

      <section className="mx-auto max-w-6xl px-4 py-16 sm:px-6 sm:py-20">
        <Card className="pitch-stripes relative overflow-hidden px-6 py-10 text-center sm:px-12">
          <h2 className="font-display text-2xl font-extrabold tracking-tight text-fg sm:text-3xl">{t('landing.cta.title')}</h2>
          <p className="mx-auto mt-3 max-w-lg text-muted">{t('landing.cta.text')}</p>
          <Link to="/signup" className={buttonClasses('primary', 'lg', 'mt-7')}>
            {t('landing.cta.button')}
          </Link>
        </Card>
      </section>
    </div>
  );
}
