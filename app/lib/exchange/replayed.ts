/**
 * The input events the calculator island dispatches after hydration to hand React what the visitor typed before the
 * form's code arrived (docs/decisions/0012). The amount fields take such a value as typed in one go, not as one
 * keystroke on top of the server's value (use-calculator.ts).
 */
export const replayedInputs = new WeakSet<Event>();
