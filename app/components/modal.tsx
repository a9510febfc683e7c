import type { ReactNode } from 'react';
import { useTranslation } from '../i18n/use-translation.ts';
import { Button, Dialog, Heading, Modal as AriaModal, ModalOverlay } from 'react-aria-components';
import { X } from './icons/x.tsx';

export interface ModalProps {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  title: string;
  subtitle?: string | undefined;
  /** 'small' for short messages; the default fits a form. */
  size?: 'small' | 'default';
  /** Hide the close button (Escape and a click outside still close). */
  hideClose?: boolean;
  children?: ReactNode;
}

/**
 * The site's dialog: react-aria traps focus inside, closes on Escape and on a click outside, and returns focus to
 * the control that opened it. Import it only from lazily loaded modules: react-aria is not part of first paint.
 */
export function Modal({ isOpen, onOpenChange, title, subtitle, size = 'default', hideClose, children }: ModalProps) {
  const { t } = useTranslation();
  return (
    <ModalOverlay isOpen={isOpen} onOpenChange={onOpenChange} isDismissable className="modal-overlay">
      <AriaModal className={`modal-panel ${size === 'small' ? 'sm:max-w-sm' : 'sm:max-w-md'}`}>
        <Dialog className="relative p-6 outline-none sm:p-8">
          {({ close }) => (
            <>
              <Heading
                slot="title"
                className={`pr-10 font-semibold text-ink ${size === 'small' ? 'text-lg' : 'text-xl'}`}
              >
                {title}
              </Heading>
              {subtitle && <p className="mt-1 text-sm text-slate-600">{subtitle}</p>}
              <div className="mt-5">{children}</div>
              {!hideClose && (
                <Button
                  onPress={close}
                  aria-label={t('close')}
                  className="absolute top-4 right-4 inline-flex size-10 cursor-pointer items-center justify-center rounded-full text-slate-500 outline-none hover:bg-slate-100 hover:text-ink data-[focus-visible]:ring-2 data-[focus-visible]:ring-brand-600"
                >
                  <X aria-hidden="true" className="size-5" />
                </Button>
              )}
            </>
          )}
        </Dialog>
      </AriaModal>
    </ModalOverlay>
  );
}
