/**
 * @module The storage of the expert profile and commentary: the interface core calls
 * (implemented in sqlite/experts.ts and postgres/experts.ts) and its plain row types.
 */

export interface ExpertStore {}
