/**
 * @module The storage of per-app counters and the stored aggregates document (app_stats): the interface core calls
 * (implemented in sqlite/stats.ts and postgres/stats.ts) and its plain row types.
 */

export interface StatsStore {}
