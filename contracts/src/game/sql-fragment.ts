/** A cheap tripwire against accidentally passing user input: SQL fragments of the rules never need these. */
export function checkFragment(name: string, fragment: string): string {
  if (fragment.trim() === '' || /;|--|\/\*/.test(fragment)) {
    throw new Error(`scoring SQL: invalid fragment for ${name}: ${JSON.stringify(fragment)}`);
  }
  return `(${fragment})`;
}
