import { useTranslation } from '../i18n/use-translation.ts';
import type { frame } from '../i18n/ru/frame.ts';
import { Modal } from './modal.tsx';

/** A message of the trusted `notifications` catalogue: the only HTML this modal will render. */
type NotificationMessage = keyof typeof frame.notifications;

interface NotificationModalProps {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  title: string;
  subtitle?: string;
  /**
   * A key of the `notifications` catalogue, rendered as HTML. Typed as a key rather than a string on purpose: user
   * input or server text can never reach dangerouslySetInnerHTML through this prop.
   */
  message: NotificationMessage;
  hideClose?: boolean;
  size?: 'small' | 'default';
}

/**
 * The notification modal (docs/product/site.md): title, subtitle, HTML message, optional hidden close button, small
 * size, Escape closes. It pulls in react-aria: load it lazily, e.g. `lazy(() => import('.../notification-modal.tsx'))`
 * (default export).
 */
function NotificationModal({ message, ...modal }: NotificationModalProps) {
  const { t } = useTranslation();
  return (
    <Modal {...modal}>
      <div
        className="text-slate-700 [&_a]:text-brand-700 [&_a]:underline [&_strong]:font-semibold [&_strong]:text-ink"
        // Trusted: a catalogue string chosen by a typed key (see `message`).
        dangerouslySetInnerHTML={{ __html: t(`notifications.${message}`) }}
      />
    </Modal>
  );
}

export default NotificationModal;
