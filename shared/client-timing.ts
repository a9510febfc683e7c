/** Client-side timings and sizes the product fixes (docs/product/behaviour.md#constants). */

/** How often the browser asks whether a new build was deployed (docs/product/behaviour.md#constants). */
export const buildCheckIntervalMs = 3_600_000;

/** Share popup window size and how often we look whether the user closed it (docs/product/behaviour.md#constants). */
export const sharePopup = { width: 626, height: 436, pollMs: 500 } as const;
