/**
 * The SPEC kernel: its words and values, defined once and imported by every layer through this
 * door. Plain values and functions (no zod, no I/O, browser-safe): the contract builds its schemas
 * from these lists, the database its enums, the planner its request checks, the web its forms.
 */
export * from './words';
export * from './time';
export * from './passes';
export * from './units';
export * from './results';
export * from './campaigns';
