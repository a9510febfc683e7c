import { icon } from './icon.tsx';

export const ChevronRight = /* @__PURE__ */ icon('<path d="m9 18 6-6-6-6"/>');
