// The rule lives once, in contracts/src/game/accuracy.ts (the frontend uses it too).
export { wholeAccuracyPercent as wholeAccuracy } from '../../../contracts/src/game/accuracy';
