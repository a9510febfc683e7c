import {
  BadgePercent,
  ClipboardList,
  Coins,
  CreditCard,
  FileCode,
  FileText,
  Gauge,
  HandCoins,
  History,
  MessageCircleQuestion,
  LineChart,
  Radar,
  Route as RouteIcon,
  Settings,
  Users,
} from 'lucide-react';
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
