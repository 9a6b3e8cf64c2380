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

/** The private league of the World Cup players among the demo fans. */
export const DEMO_TOURNAMENT_LEAGUES: readonly { name: string; description: string; type: 'private' | 'public'; members: number }[] = [
  { name: 'World Cup Sweepstake', description: 'The office sweepstake gone digital: every match of the World Cup, bragging rights till 2030.', type: 'private', members: 16 },
];

/** The national team a demo fan of a country backs in a tournament, where that country plays it. */
export const DEMO_NATIONAL_TEAMS: Readonly<Record<string, string>> = {
  'GB-ENG': 'England', 'GB-SCT': 'Scotland', US: 'USA', NG: 'Nigeria', NO: 'Norway', ES: 'Spain', FR: 'France',
  DE: 'Germany', GH: 'Ghana', AU: 'Australia', BR: 'Brazil', JP: 'Japan', ZA: 'South Africa', CA: 'Canada',
  NL: 'Netherlands', PT: 'Portugal', IE: 'Ireland', 'GB-WLS': 'Wales', 'GB-NIR': 'Northern Ireland',
};

/**
 * What demo fans answer to a competition's bonus questions, the likelier first: a name that is
 * not a team of the season is never picked. Top scorers are names as a fan types them.
 */
export const DEMO_BONUS_PICKS: Readonly<Record<'league' | 'tournament', { champion: readonly string[]; bottom: readonly string[]; topScorer: readonly string[] }>> = {
  league: {
    champion: ['Arsenal FC', 'Manchester City FC', 'Liverpool FC', 'Chelsea FC', 'Manchester United FC', 'Newcastle United FC', 'Aston Villa FC', 'Tottenham Hotspur FC'],
    bottom: ['Burnley FC', 'Wolverhampton Wanderers FC', 'Sunderland AFC', 'Leeds United FC', 'West Ham United FC', 'Nottingham Forest FC'],
    topScorer: ['Erling Haaland', 'Mohamed Salah', 'Bukayo Saka', 'Cole Palmer', 'Ollie Watkins', 'Alexander Isak', 'Viktor Gyökeres', 'Jean-Philippe Mateta'],
  },
  tournament: {
    champion: ['Spain', 'France', 'Argentina', 'England', 'Brazil', 'Germany', 'Portugal', 'Netherlands', 'USA', 'Norway'],
    bottom: [],
    topScorer: ['Kylian Mbappé', 'Harry Kane', 'Erling Haaland', 'Lionel Messi', 'Lamine Yamal', 'Vinícius Júnior', 'Cristiano Ronaldo', 'Lautaro Martínez'],
  },
};
