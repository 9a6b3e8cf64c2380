/**
 * When the worker runs a reconciler pass: small pure pieces, so their timing rules are unit-tested
 * without Redis or Postgres.
 */

/**
 * Runs `pass` for each trigger, one at a time: a trigger while a pass runs asks for exactly one
 * more after it (the running one may have read the tables before the trigger's cause), and
 * further triggers meanwhile fold into that one.
 */
export function coalescingRunner(pass: () => Promise<void>): { trigger(): Promise<void>; idle(): Promise<void> } {
  let running: Promise<void> | null = null;
  let again = false;
  const loop = async (): Promise<void> => {
    do {
      again = false;
      await pass();
    } while (again);
  };
  return {
    trigger() {
      if (running) {
        again = true;
        return running;
      }
      running = loop().finally(() => {
        running = null;
      });
      return running;
    },
    idle: () => running ?? Promise.resolve(),
  };
}

/**
 * Calls `backUp` when a connection is ready again after having been down; the first `ready`
 * (the initial connect) is not a comeback.
 */
export function reconnectWatcher(backUp: () => void): { down(): void; ready(): void } {
  let wasDown = false;
  return {
    down() {
      wasDown = true;
    },
    ready() {
      if (!wasDown) return;
      wasDown = false;
      backUp();
    },
  };
}
