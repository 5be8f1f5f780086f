/**
 * @module The shape of a validated instrument's data file: its items verbatim, the answer
 * scales as published (labels and values), reversed items, how each dimension is scored,
 * the published cut-offs and what they mean, and the citation and licence. One file per
 * instrument; instrument-plan.ts turns one into a plan, and a test checks every file.
 */

/** One answer of a published answer scale: its label verbatim and the value it scores. */
export interface AnswerOption {
  label: string
  value: number
}

export interface InstrumentItem {
  /** The form field's name; unique across the instrument. */
  key: string
  /** The item verbatim, as published. */
  text: string
  /** Which of the instrument's `answerScales` the item is answered on. */
  answers: string
  /** The dimension (scale) the item scores, by key. */
  dimension: string
}

/**
 * A score band: `min` inclusive, `max` exclusive, except that the top band includes its
 * `max` (the scale model's levels). Bands tile the dimension's whole possible range.
 */
export interface Band {
  key: string
  label: string
  min: number
  max: number
  /** What the band means, as the source says it (shown as the level's interpretation). */
  meaning: string
  /** What a respondent in this band might do (shown as the expert's commentary). */
  advice: string
}

export interface InstrumentDimension {
  key: string
  name: string
  description: string
  /** `sum` or `mean` of the item scores: (answer value + `shift`) × `multiplier` each. */
  method: 'sum' | 'mean'
  /** Added to every answer value before weighting (SUS: −1, so answers count 0–4); 0 for none. */
  shift: number
  /** The published transform applied to every item (SUS ×2.5, WHO-5 ×4); 1 for none. */
  multiplier: number
  /** Keys of the items scored the other way round (value → max + min − value), as published. */
  reversed: string[]
  bands: Band[]
  /**
   * `published`: the bands are the source's cut-offs. `descriptive`: the source publishes
   * no cut-offs (IPIP), so the bands only describe where in the possible range a score lies.
   */
  bandsSource: 'published' | 'descriptive'
  /** Whether a high score is the good end, the worrying end, or neither (personality traits). */
  higherIs: 'better' | 'worse' | 'neither'
}

export interface Instrument {
  /** Stable id, e.g. "phq-9". */
  id: string
  /** The short name people use, e.g. "PHQ-9". */
  shortName: string
  /** The full name, used as the app's name. */
  name: string
  /** What it measures, in one sentence (the app's description and the report's intro). */
  purpose: string
  /** The respondent instructions (verbatim where the source has them). */
  instructions: string
  /** The number of items as published; the data test checks `items` against it. */
  publishedItemCount: number
  answerScales: Record<string, AnswerOption[]>
  items: InstrumentItem[]
  dimensions: InstrumentDimension[]
  /** The published scoring rule in words. */
  scoring: string
  /** How the scoring maps into svc's scale model, and what it cannot express; for the plan notes. */
  mapping: string[]
  /** Shown on the report page under the results, e.g. PHQ-9's item-9 safety note; null for none. */
  reportNote: string | null
  citation: string
  licence: string
  /**
   * How instructions name or clearly mean the instrument (case-insensitive regular
   * expressions). `names` always match; `means` (topic words) match only when the
   * instruction does not list its own dimensions and is not a quiz.
   */
  match: { names: RegExp[]; means: RegExp[] }
}
