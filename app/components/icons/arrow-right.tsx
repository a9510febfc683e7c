import { icon } from './icon.tsx';

export const ArrowRight = /* @__PURE__ */ icon('<path d="M5 12h14"/><path d="m12 5 7 7-7 7"/>');
