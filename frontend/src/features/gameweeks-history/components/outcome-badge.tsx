import type { PredictionOutcome } from '@contracts/api/predictions';
import { Badge, type BadgeTone } from '@/components/ui/badge';
import { CheckIcon, CloseIcon } from '@/components/ui/icons';

const OUTCOMES: Record<PredictionOutcome, { tone: BadgeTone; label: string }> = {
  exact: { tone: 'success', label: 'Exact score' },
  correct: { tone: 'warning', label: 'Correct result' },
  wrong: { tone: 'danger', label: 'Wrong' },
  void: { tone: 'neutral', label: 'Void' },
};

/** A scored prediction's outcome: green exact, amber correct, red wrong — always with words. */
export function OutcomeBadge({ outcome }: { outcome: PredictionOutcome }) {
  const { tone, label } = OUTCOMES[outcome];
  return (
    <Badge tone={tone}>
      {outcome === 'exact' || outcome === 'correct' ? <CheckIcon size={12} /> : outcome === 'wrong' ? <CloseIcon size={12} /> : null}
      {label}
    </Badge>
  );
}
