/**
 * @module The library of validated instruments, one data file each. Order matters only
 * for ties in matching (match.ts): more specific instruments first.
 */
import { CBI } from './cbi.ts'
import { GAD_7 } from './gad-7.ts'
import { IPIP_BIG_FIVE } from './ipip-big-five.ts'
import { NPS } from './nps.ts'
import { PHQ_9 } from './phq-9.ts'
import { SUS } from './sus.ts'
import type { Instrument } from './types.ts'
import { WHO_5 } from './who-5.ts'

export type { Instrument } from './types.ts'

export const INSTRUMENTS: readonly Instrument[] = [PHQ_9, GAD_7, WHO_5, CBI, SUS, NPS, IPIP_BIG_FIVE]

/** The instrument with id `id`, or undefined. */
export const instrumentById = (id: string): Instrument | undefined => INSTRUMENTS.find((instrument) => instrument.id === id)
