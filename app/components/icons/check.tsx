import { icon } from './icon.tsx';

export const Check = /* @__PURE__ */ icon('<path d="M20 6 9 17l-5-5"/>');
