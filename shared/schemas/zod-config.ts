import { z } from 'zod';

/**
 * zod 4 probes for `new Function` to compile fast parsers; our CSP has no 'unsafe-eval', so in the browser the probe is
 * a CSP violation. Every shared schema module imports this first, so the setting holds wherever schemas are used.
 */
z.config({ jitless: true });
