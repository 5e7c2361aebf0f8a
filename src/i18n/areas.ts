import type { Dictionary } from './en.ts';

/** The dictionary's areas: its sections of texts (its plain strings travel with every page). */
export type Area = { [K in keyof Dictionary]: Dictionary[K] extends string ? never : K }[keyof Dictionary];

/**
 * The areas every page carries: those the page frame's own scripts read (the top bar, the login
 * and account dialogs, the car picker, notices). A page names the others it reads, and
 * `scripts/check-areas.mjs` (run before each build) holds both lists to what the scripts read.
 */
export const SHELL_AREAS = ['nav', 'footer', 'login', 'me', 'logout', 'dialogs', 'notices', 'errors', 'city', 'car', 'picker', 'bodyTypes', 'transmissions'] as const satisfies readonly Area[];
