import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { buttonClasses } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ArrowRightIcon, BallIcon, ChartIcon, TargetIcon, TrophyIcon, UsersIcon } from '@/components/ui/icons';

const FEATURES = [
  {
    icon: <UsersIcon size={22} />,
    title: 'Public & Private Leagues',
    text: 'Play your mates in a private league with an invite code, join a public one in a click, and find yourself in your country and club leagues automatically.',
  },
  {
    icon: <TargetIcon size={22} />,
    title: 'Banker Pick & Outcome Guessing',
    text: 'Predict every score of the gameweek, then back your surest call with the banker: one pick a week, double points if you nail it.',
  },
  {
    icon: <ChartIcon size={22} />,
    title: 'Personal Analytics & Rank',
    text: 'Follow your points, accuracy and rank week by week, and learn which clubs you read best (and worst) with hot and cold teams.',
  },
];

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
const TONE_LABELS = { exact: 'Exact', correct: 'Result', wrong: 'Miss' };

function SamplePredictionCard() {
  return (
    <div className="relative mx-auto w-full max-w-sm lg:mx-0" aria-hidden="true">
      <div className="absolute -inset-6 rounded-[2rem] bg-primary/20 blur-3xl" />
      <Card className="relative overflow-hidden">
        <div className="flex items-center justify-between border-b border-line px-5 py-4">
          <div>
            <p className="text-xs font-semibold tracking-widest text-muted uppercase">Gameweek 12</p>
            <p className="mt-0.5 text-sm font-semibold text-fg">Your picks</p>
          </div>
          <div className="text-right">
            <p className="text-2xl font-extrabold text-accent tabular-nums">+50</p>
            <p className="text-xs text-muted">points</p>
          </div>
        </div>
        <ul className="divide-y divide-line">
          {SAMPLE_PICKS.map((m) => (
            <li key={m.home} className="flex items-center gap-3 px-5 py-3.5">
              <div className="min-w-0 flex-1">
                <p className="truncate text-sm font-semibold text-fg">
                  {m.home} <span className="text-muted">v</span> {m.away}
                </p>
                <p className="mt-0.5 text-xs text-muted tabular-nums">
                  You said {m.pick} · FT {m.result}
                </p>
              </div>
              {m.banker ? <Badge tone="banker">Banker</Badge> : null}
              <span className={`rounded-lg px-2 py-1 text-xs font-bold tabular-nums ${TONE_CLASSES[m.tone]}`}>
                {TONE_LABELS[m.tone]} · {m.points}
              </span>
            </li>
          ))}
        </ul>
        <div className="flex items-center justify-between bg-surface-2 px-5 py-3.5">
          <div className="flex items-center gap-2 text-sm text-fg">
            <TrophyIcon size={18} className="text-yellow-400" />
            <span className="font-semibold">The Pub League</span>
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
  return (
    <div>
      <section className="pitch-stripes relative overflow-hidden border-b border-line">
        <div className="pointer-events-none absolute inset-0 bg-[radial-gradient(ellipse_at_top,rgb(34_197_94/0.18),transparent_60%)]" />
        <div className="relative mx-auto grid max-w-6xl items-center gap-12 px-4 py-14 sm:px-6 sm:py-20 lg:grid-cols-[1.15fr_1fr] lg:py-24">
          <div>
            <Badge tone="primary" className="mb-5">
              <BallIcon size={14} />
              The weekly score-prediction game
            </Badge>
            <h1 className="font-display text-4xl leading-[1.05] font-extrabold tracking-tight text-fg sm:text-5xl lg:text-6xl">
              How Well Do You Know The Beautiful Game?
            </h1>
            <p className="mt-5 max-w-xl text-base text-muted sm:text-lg">
              Predict the score of every match, bank your surest pick for double points and climb the table against
              friends, fellow fans and the whole world.
            </p>
            <div className="mt-8 flex flex-col gap-3 sm:flex-row">
              <Link to="/signup" className={buttonClasses('primary', 'lg')}>
                Start Predicting
                <ArrowRightIcon size={18} />
              </Link>
              <Link to="/signin" className={buttonClasses('secondary', 'lg')}>
                Sign In
              </Link>
            </div>
            <p className="mt-4 text-sm text-muted">Free to play. Takes two minutes a week.</p>
          </div>
          <SamplePredictionCard />
        </div>
      </section>

      <section className="mx-auto max-w-6xl px-4 py-16 sm:px-6 sm:py-20" aria-labelledby="features-heading">
        <div className="mx-auto max-w-2xl text-center">
          <h2 id="features-heading" className="font-display text-3xl font-extrabold tracking-tight text-fg sm:text-4xl">
            Everything a matchday needs
          </h2>
          <p className="mt-3 text-muted">Leagues to win, a banker to back and numbers that tell you how good you really are.</p>
        </div>
        <div className="mt-12 grid gap-4 sm:gap-6 md:grid-cols-3">
          {FEATURES.map((feature) => (
            <Card key={feature.title} className="p-6 transition-transform hover:-translate-y-0.5">
              <div className="grid size-12 place-items-center rounded-2xl bg-primary-soft text-accent" aria-hidden="true">
                {feature.icon}
              </div>
              <h3 className="mt-5 text-lg font-bold text-fg">{feature.title}</h3>
              <p className="mt-2 text-sm leading-relaxed text-muted">{feature.text}</p>
            </Card>
          ))}
        </div>
      </section>

      <section className="border-y border-line bg-surface" aria-labelledby="scoring-heading">
        <div className="mx-auto max-w-6xl px-4 py-14 sm:px-6">
          <div className="grid items-center gap-8 lg:grid-cols-[1fr_1.4fr]">
            <div>
              <h2 id="scoring-heading" className="font-display text-2xl font-extrabold tracking-tight text-fg sm:text-3xl">
                Simple scoring, endless arguments
              </h2>
              <p className="mt-3 text-muted">
                Call the outcome for points, nail the exact score for more. Draws are harder, so they pay better.
              </p>
              <Link to="/help" className="mt-4 inline-flex items-center gap-1.5 text-sm font-semibold text-accent hover:underline">
                How scoring works
                <ArrowRightIcon size={16} />
              </Link>
            </div>
            <ul className="grid grid-cols-2 gap-3 sm:grid-cols-4">
              {[
                { points: 10, label: 'Correct result' },
                { points: 15, label: 'Correct draw' },
                { points: 20, label: 'Exact score' },
                { points: 30, label: 'Exact score draw' },
              ].map((rule) => (
                <li key={rule.label} className="rounded-2xl border border-line bg-surface-2 p-4 text-center">
                  <p className="text-3xl font-extrabold text-accent tabular-nums">{rule.points}</p>
                  <p className="mt-1 text-xs font-medium text-muted">{rule.label}</p>
                </li>
              ))}
            </ul>
          </div>
        </div>
      </section>

      <section className="mx-auto max-w-6xl px-4 py-16 sm:px-6 sm:py-20">
        <Card className="pitch-stripes relative overflow-hidden px-6 py-10 text-center sm:px-12">
          <h2 className="font-display text-2xl font-extrabold tracking-tight text-fg sm:text-3xl">The next gameweek is waiting</h2>
          <p className="mx-auto mt-3 max-w-lg text-muted">Create your account, pick your club and get your first predictions in before kick-off.</p>
          <Link to="/signup" className={buttonClasses('primary', 'lg', 'mt-7')}>
            Create Your Free Account
          </Link>
        </Card>
      </section>
    </div>
  );
}
