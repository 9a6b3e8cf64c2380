import { cn } from '@/lib/cn';
import { clubHue, clubInitials } from '@/lib/initials';

/** The club's logo, or (clubs have none yet) a coloured initials badge. */
export function ClubBadge({
  name,
  logo,
  shortName,
  size = 'md',
}: {
  name: string;
  logo?: string | null;
  shortName?: string | null;
  size?: 'sm' | 'md' | 'lg';
}) {
  const dimensions = size === 'sm' ? 'size-7 text-[10px]' : size === 'lg' ? 'size-12 text-sm' : 'size-9 text-[11px]';
  if (logo) {
    return <img src={logo} alt="" className={cn('shrink-0 rounded-full bg-white object-contain p-0.5', dimensions)} />;
  }
  const hue = clubHue(name);
  return (
    <span
      aria-hidden="true"
      className={cn('grid shrink-0 place-items-center rounded-full font-extrabold tracking-tight text-white ring-2 ring-white/15', dimensions)}
      style={{ background: `linear-gradient(135deg, hsl(${hue} 60% 36%), hsl(${(hue + 40) % 360} 55% 26%))` }}
    >
      {clubInitials(name, shortName)}
    </span>
  );
}
