/** LIVE: a pulsing red dot with the match minute. */
export function LiveBadge({ minute }: { minute: number | null }) {
  return (
    <span className="inline-flex items-center gap-1.5 rounded-full bg-red-600/15 px-2.5 py-0.5 text-xs font-bold text-red-400 tabular-nums light:text-red-700">
      <span className="relative flex size-2" aria-hidden="true">
        <span className="absolute inline-flex size-full rounded-full bg-red-500 opacity-75 motion-safe:animate-ping" />
        <span className="relative inline-flex size-2 rounded-full bg-red-500" />
      </span>
      LIVE
      {minute !== null ? <span>{`${minute}'`}</span> : null}
    </span>
  );
}
