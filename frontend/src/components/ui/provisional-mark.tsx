/** The asterisk after a figure that may still change (a match in play), with its meaning for screen readers. */
export function ProvisionalMark({ title, label }: { title: string; label: string }) {
  return (
    <span className="ml-0.5 text-warning" title={title}>
      *<span className="sr-only"> {label}</span>
    </span>
  );
}
