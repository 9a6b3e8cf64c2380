// The rule lives once, in contracts/src/game/accuracy.ts (the frontend uses it too).
export { wholeAccuracyPercent as wholeAccuracy } from '@scoreline/contracts/game/accuracy';
