/** Client-side timings and sizes that the spec fixes (SPEC §2, §4, §9). */

/** How often the browser asks whether a new build was deployed (SPEC §4, §9). */
export const buildCheckIntervalMs = 3_600_000;

/** Share popup window size and how often we look whether the user closed it (SPEC §2, §9). */
export const sharePopup = { width: 626, height: 436, pollMs: 500 } as const;
