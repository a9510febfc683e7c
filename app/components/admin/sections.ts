import { BadgePercent } from '../icons/badge-percent.tsx';
import { ClipboardList } from '../icons/clipboard-list.tsx';
import { Coins } from '../icons/coins.tsx';
import { CreditCard } from '../icons/credit-card.tsx';
import { FileCode } from '../icons/file-code.tsx';
import { FileText } from '../icons/file-text.tsx';
import { Gauge } from '../icons/gauge.tsx';
import { HandCoins } from '../icons/hand-coins.tsx';
import { RotateCcwClock as History } from '../icons/rotate-ccw-clock.tsx';
import { MessageCircleQuestionMark as MessageCircleQuestion } from '../icons/message-circle-question-mark.tsx';
import { ChartLine as LineChart } from '../icons/chart-line.tsx';
import { Radar } from '../icons/radar.tsx';
import { Route as RouteIcon } from '../icons/route.tsx';
import { Settings } from '../icons/settings.tsx';
import { Users } from '../icons/users.tsx';
import { paths } from '../../../shared/paths.ts';

/** The console's menu, in order: the layout's navigation and the dashboard's shortcuts share it. */
export const adminSections = [
  { key: 'dashboard', path: paths.admin, icon: Gauge, end: true },
  { key: 'claims', path: paths.adminClaims, icon: ClipboardList },
  { key: 'directions', path: paths.adminDirections, icon: RouteIcon },
  { key: 'currencies', path: paths.adminCurrencies, icon: Coins },
  { key: 'paymentDetails', path: paths.adminPaymentDetails, icon: CreditCard },
  { key: 'rates', path: paths.adminRates, icon: LineChart },
  { key: 'withdrawals', path: paths.adminWithdrawals, icon: HandCoins },
  { key: 'promocodes', path: paths.adminPromocodes, icon: BadgePercent },
  { key: 'content', path: paths.adminContent, icon: FileText },
  { key: 'faq', path: paths.adminFaq, icon: MessageCircleQuestion },
  { key: 'monitoring', path: paths.adminMonitoring, icon: Radar },
  { key: 'export', path: paths.adminExport, icon: FileCode },
  { key: 'settings', path: paths.adminSettings, icon: Settings },
  { key: 'staff', path: paths.adminStaff, icon: Users },
  { key: 'audit', path: paths.adminAudit, icon: History },
] as const;
