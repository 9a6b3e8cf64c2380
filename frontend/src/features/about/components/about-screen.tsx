import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { BoltIcon, TargetIcon, TrophyIcon, UsersIcon } from '@/components/ui/icons';

const FEATURES = [
  {
    icon: <TargetIcon size={22} />,
    title: 'Accurate Predictions',
    text: 'Call the score of every match and earn points for the right outcome, more for the exact score.',
  },
  {
    icon: <UsersIcon size={22} />,
    title: 'Social Competition',
    text: 'Take on your friends, your colleagues and fans of your club, week after week.',
  },
  {
    icon: <TrophyIcon size={22} />,
    title: 'Multiple Leagues',
    text: 'Global, country, club, private and public leagues: one set of predictions counts in all of them.',
  },
  {
    icon: <BoltIcon size={22} />,
    title: 'Real-time Updates',
    text: 'Watch points and ranks move as the goals go in, not the morning after.',
  },
];

const STATS = [
  { value: '50K+', label: 'Active Users' },
  { value: '2M+', label: 'Predictions' },
  { value: '10K+', label: 'Leagues' },
  { value: '100+', label: 'Countries' },
];

const STEPS = [
  { title: 'Sign Up', text: 'Create a free account, verify your email and pick your country and favourite club.' },
  {
    title: 'Make Predictions',
    text: 'Predict every score before the gameweek deadline and choose a banker for double points.',
  },
  { title: 'Compete & Win', text: 'Climb your leagues, track your accuracy and claim the bragging rights.' },
];

export function AboutScreen() {
  return (
    <div className="mx-auto max-w-6xl px-4 py-12 sm:px-6 sm:py-16">
      <section className="mx-auto max-w-3xl text-center">
        <p className="text-xs font-semibold tracking-widest text-accent uppercase">About Scoreline</p>
        <h1 className="mt-3 font-display text-4xl font-extrabold tracking-tight text-fg sm:text-5xl">Made by fans, for fans</h1>
        <p className="mt-5 text-base text-muted sm:text-lg">
          Our mission is simple: make every match matter. Scoreline turns the weekly argument about who knows football
          best into a friendly competition with a table that settles it.
        </p>
      </section>

      <section className="mt-14" aria-labelledby="about-features">
        <h2 id="about-features" className="sr-only">
          Features
        </h2>
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {FEATURES.map((f) => (
            <Card key={f.title} className="p-6">
              <div className="grid size-11 place-items-center rounded-2xl bg-primary-soft text-accent" aria-hidden="true">
                {f.icon}
              </div>
              <h3 className="mt-4 font-bold text-fg">{f.title}</h3>
              <p className="mt-2 text-sm leading-relaxed text-muted">{f.text}</p>
            </Card>
          ))}
        </div>
      </section>

      <section className="mt-14" aria-labelledby="about-community">
        <h2 id="about-community" className="text-center font-display text-2xl font-extrabold tracking-tight text-fg sm:text-3xl">
          Our community
        </h2>
        <dl className="mt-8 grid grid-cols-2 gap-4 lg:grid-cols-4">
          {STATS.map((s) => (
            <div key={s.label} className="rounded-2xl border border-line bg-surface p-6 text-center">
              <dt className="text-sm text-muted">{s.label}</dt>
              <dd className="mt-1 text-3xl font-extrabold text-accent tabular-nums sm:text-4xl">{s.value}</dd>
            </div>
          ))}
        </dl>
      </section>

      <section className="mt-14" aria-labelledby="about-how">
        <h2 id="about-how" className="text-center font-display text-2xl font-extrabold tracking-tight text-fg sm:text-3xl">
          How it works
        </h2>
        <ol className="mt-8 grid gap-4 md:grid-cols-3">
          {STEPS.map((step, index) => (
            <li key={step.title} className="rounded-2xl border border-line bg-surface p-6">
              <span className="grid size-10 place-items-center rounded-full bg-primary text-lg font-extrabold text-primary-fg" aria-hidden="true">
                {index + 1}
              </span>
              <h3 className="mt-4 font-bold text-fg">{step.title}</h3>
              <p className="mt-2 text-sm leading-relaxed text-muted">{step.text}</p>
            </li>
          ))}
        </ol>
      </section>

      <section className="mt-14">
        <Card className="pitch-stripes px-6 py-10 text-center">
          <h2 className="font-display text-2xl font-extrabold tracking-tight text-fg">Ready for kick-off?</h2>
          <div className="mt-6 flex flex-col justify-center gap-3 sm:flex-row">
            <Link to="/signup" className={buttonClasses('primary', 'lg')}>
              Create Account
            </Link>
            <Link to="/signin" className={buttonClasses('secondary', 'lg')}>
              Sign In
            </Link>
          </div>
        </Card>
      </section>
    </div>
  );
}
