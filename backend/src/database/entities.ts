import { EmailCode } from '../auth/email-code.entity';
import { League } from '../leagues/league.entity';
import { LeagueMember } from '../leagues/league-member.entity';
import { Club } from '../onboarding/club.entity';
import { Competition } from '../onboarding/competition.entity';
import { Country } from '../onboarding/country.entity';
import { OutboxEvent } from '../outbox/outbox-event.entity';
import { User } from '../users/user.entity';

/** Every entity, listed explicitly so that src (tests) and dist (runtime) load the same set. */
export const ALL_ENTITIES = [User, EmailCode, Country, Competition, Club, League, LeagueMember, OutboxEvent];
