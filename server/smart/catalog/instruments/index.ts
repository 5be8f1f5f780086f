/**
 * @module The library of validated instruments, one data file each. Order matters only
 * for ties in matching (match.ts): more specific instruments first.
 */
import { CBI } from './cbi.ts'
import { GAD_7 } from './gad-7.ts'
import { IPIP_ACHIEVEMENT_STRIVING } from './ipip-achievement-striving.ts'
import { IPIP_ASSERTIVENESS } from './ipip-assertiveness.ts'
import { IPIP_BIG_FIVE } from './ipip-big-five.ts'
import { IPIP_SELF_DISCIPLINE } from './ipip-self-discipline.ts'
import { IPIP_SELF_EFFICACY } from './ipip-self-efficacy.ts'
import { NPS } from './nps.ts'
import { PHQ_9 } from './phq-9.ts'
import { SUS } from './sus.ts'
import type { Instrument } from './types.ts'
import { WHO_5 } from './who-5.ts'

export type { Instrument } from './types.ts'

export const INSTRUMENTS: readonly Instrument[] = [
  PHQ_9,
  GAD_7,
  WHO_5,
  CBI,
  SUS,
  NPS,
  IPIP_BIG_FIVE,
  IPIP_ACHIEVEMENT_STRIVING,
  IPIP_SELF_EFFICACY,
  IPIP_SELF_DISCIPLINE,
  IPIP_ASSERTIVENESS,
]

/** The instrument with id `id`, or undefined. */
export const instrumentById = (id: string): Instrument | undefined =>
  INSTRUMENTS.find((instrument) => instrument.id === id)
