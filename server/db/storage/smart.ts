/**
 * @module The storage of smart generation: plans and planning jobs: the interface core calls
 * (implemented in sqlite/smart.ts and postgres/smart.ts) and its plain row types.
 */

export interface SmartStore {}
