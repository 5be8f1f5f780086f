/**
 * @module What a link to a form may carry besides the answers it prefills: the five UTM
 * parameters (`?utm_source=newsletter`). The fill-in page passes them on as reserved form
 * pairs (`_utm_source`), and a form post stores them in the record's `meta.utm`
 * (`{source: "newsletter"}`), never as answers.
 */

/** The UTM parameters, without their `utm_` prefix, as `meta.utm` names them. */
export const UTM_KEYS = ['source', 'medium', 'campaign', 'term', 'content'] as const
export type UtmKey = (typeof UTM_KEYS)[number]

/** The longest UTM value kept; longer ones are cut. */
export const MAX_UTM_LENGTH = 200

/** A record's `meta.utm`: the UTM parameters its form's link carried. */
export type Utm = { [Key in UtmKey]?: string }

/** The link's query parameter of a UTM key: `utm_source`. */
export const utmParameter = (key: UtmKey): string => `utm_${key}`

/** The reserved form pair a page posts a UTM value in: `_utm_source`. */
export const utmPair = (key: UtmKey): string => `_utm_${key}`
