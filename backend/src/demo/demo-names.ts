/**
 * Names for the demo fans: a mix of the first and family names a Premier League predictor's
 * friends list really has (English, Irish, Scottish, Welsh, and the clubs' worldwide following).
 */
export const DEMO_FIRST_NAMES = [
  'Dana', 'Jamie', 'Alex', 'Sam', 'Chris', 'Priya', 'Tom', 'Olivia', 'Liam', 'Aisha', 'Ben', 'Chloe',
  'Daniel', 'Ella', 'Femi', 'Grace', 'Harry', 'Isla', 'Jack', 'Kofi', 'Laura', 'Marcus', 'Niamh', 'Oscar',
  'Pete', 'Ruby', 'Sean', 'Tariq', 'Uma', 'Vikram', 'Will', 'Yasmin', 'Zoe', 'Callum', 'Declan', 'Erin',
  'Fraser', 'Gwen', 'Hamish', 'Ieuan', 'Jo', 'Kieran', 'Lena', 'Mateo', 'Nadia', 'Owen', 'Paula', 'Rhys',
  'Sofia', 'Theo', 'Ama', 'Björn', 'Carlos', 'Diego', 'Emeka', 'Fatima', 'Hiro', 'Ines', 'Jonas', 'Kemi',
  'Lucas', 'Mo', 'Nils', 'Rafael', 'Sipho', 'Tomás', 'Wei', 'Yusuf', 'Zara', 'Abby', 'Beth', 'Connor',
];

export const DEMO_LAST_NAMES = [
  'Smith', 'Jones', 'Taylor', 'Brown', 'Williams', 'Wilson', 'Johnson', 'Davies', 'Patel', 'Robinson',
  'Wright', 'Thompson', 'Evans', 'Walker', 'White', 'Roberts', 'Green', 'Hall', 'Khan', 'Clarke', 'Hughes',
  'Murphy', "O'Brien", 'Kelly', 'Byrne', 'Campbell', 'Stewart', 'MacLeod', 'Morgan', 'Price', 'Okafor',
  'Mensah', 'Adeyemi', 'Sharma', 'Singh', 'Nguyen', 'Garcia', 'Fernández', 'Silva', 'Santos', 'Müller',
  'Schmidt', 'Dubois', 'Martin', 'Rossi', 'Larsen', 'Hansen', 'Andersson', 'Kowalski', 'Novak', 'Tanaka',
  'Kim', 'Cohen', 'Ali', 'Hussain', 'Ahmed', 'Baker', 'Carter', 'Cooper', 'Fox', 'Grant', 'Hayes', 'Lloyd',
];

/** Where the demo fans live: mostly England (the demo season is the Premier League), then its worldwide following. */
export const DEMO_COUNTRY_WEIGHTS: readonly (readonly [code: string, weight: number])[] = [
  ['GB-ENG', 50], ['GB-SCT', 5], ['GB-WLS', 4], ['GB-NIR', 3], ['IE', 6], ['US', 5], ['NG', 4], ['IN', 4],
  ['NO', 3], ['ES', 2], ['FR', 2], ['DE', 2], ['GH', 2], ['AU', 2], ['BR', 1], ['JP', 1], ['ZA', 1], ['CA', 1],
  ['NL', 1], ['PT', 1],
];

/** Private leagues (friends, family, office) and public ones anyone can join, owned by demo fans. */
export const DEMO_LEAGUES: readonly { name: string; description: string; type: 'private' | 'public'; members: number }[] = [
  { name: 'Sunday League Lads', description: 'Five-a-side on Sundays, bad predictions all week. Loser buys the first round.', type: 'private', members: 14 },
  { name: 'The Office Sweepstake', description: 'Finance floor, 4th. Weekly winner picks the Friday lunch spot.', type: 'private', members: 22 },
  { name: 'Family Predictor Cup', description: 'Grandad has won it three years running. Somebody stop him.', type: 'private', members: 9 },
  { name: 'Uni Flatmates 2019', description: 'Still arguing about that 4-4 draw. Bankers are mandatory.', type: 'private', members: 7 },
  { name: 'Premier Predictors', description: 'Open to everyone: predict every Premier League match and see how you stack up.', type: 'public', members: 120 },
  { name: 'Banker Kings', description: 'For those who live and die by the banker. Double or nothing, every week.', type: 'public', members: 45 },
  { name: 'Underdog Believers', description: 'We back the little clubs and the away days. Occasionally we are right.', type: 'public', members: 30 },
];
