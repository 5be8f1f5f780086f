/**
 * @module Whether respondents are offered a report after submitting: only when it would
 * show something. The default report page (build.ts) shows the app's scales and its
 * expert; a plain form has neither and no report pages, so its report would be a title
 * alone, and the respondent gets a thank-you instead.
 */
import type { AppContext } from '../context.ts'
import { expertProfileOf } from '../expert/expert.ts'
import { scaleRecordsOf } from '../scales/store.ts'
import { pageRowsOf } from './store.ts'

/** True when `appId` has report pages, scales or an expert profile. */
export async function offersReport(ctx: AppContext, appId: string): Promise<boolean> {
  if ((await pageRowsOf(ctx, appId)).length > 0 || (await scaleRecordsOf(ctx, appId)).length > 0) return true
  const profile = await expertProfileOf(ctx, appId)
  return profile.name !== '' || profile.bio !== ''
}
