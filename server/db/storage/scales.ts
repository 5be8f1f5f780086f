/**
 * @module The storage of scoring dimensions (scales): the interface core calls
 * (implemented in sqlite/scales.ts and postgres/scales.ts) and its plain row types.
 */

export interface ScaleStore {}
