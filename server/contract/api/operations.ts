/**
 * @module The route table's operations: for every name of routes.ts, who may call it, what
 * it takes and what it answers (operation.ts). One module per resource holds its part.
 */
import { appOperations } from './apps.ts'
import { authOperations, tokenOperations } from './auth.ts'
import { connectOperations } from './connect.ts'
import { expertOperations } from './expert.ts'
import { fieldOperations } from './fields.ts'
import { fileOperations } from './files.ts'
import { uploadOperations } from './uploads.ts'
import { ingestOperations, readOperations } from './ingest.ts'
import type { Operation } from './operation.ts'
import { pageOperations } from './pages.ts'
import { profileOperations } from './profile.ts'
import { recordOperations } from './records.ts'
import { erasureOperations } from './erasure.ts'
import { reportOperations } from './reports.ts'
import type { RouteName } from './routes.ts'
import { scaleOperations } from './scales.ts'
import { senderOperations } from './senders.ts'
import { memberOperations } from './members.ts'
import { shareOperations } from './share.ts'
import { planOperations, smartOperations } from './smart.ts'
import { metricsOperations, openapiOperations, readyOperations, skillOperations, systemOperations } from './system.ts'
import { notificationOperations, unsubscribeOperations, webhookOperations } from './webhooks.ts'
import { alertOperations } from './alerts.ts'
import { auditOperations } from './audit.ts'

export const OPERATIONS = {
  ...systemOperations,
  ...readyOperations,
  ...metricsOperations,
  ...openapiOperations,
  ...skillOperations,
  ...authOperations,
  ...tokenOperations,
  ...profileOperations,
  ...appOperations,
  ...smartOperations,
  ...planOperations,
  ...scaleOperations,
  ...reportOperations,
  ...expertOperations,
  ...connectOperations,
  ...fieldOperations,
  ...shareOperations,
  ...senderOperations,
  ...memberOperations,
  ...auditOperations,
  ...webhookOperations,
  ...notificationOperations,
  ...unsubscribeOperations,
  ...alertOperations,
  ...recordOperations,
  ...erasureOperations,
  ...ingestOperations,
  ...readOperations,
  ...fileOperations,
  ...uploadOperations,
  ...pageOperations,
} as const satisfies Record<RouteName, Operation>

export type Operations = typeof OPERATIONS
