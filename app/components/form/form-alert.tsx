import { CircleExclamationPoint as AlertCircle } from '../icons/circle-exclamation-point.tsx';

/**
 * The block for errors that belong to no field (the server's `detail`, a network failure). A module of its own so the
 * home page's claim form can use it without app/components/form/fields.tsx and the react-aria toggle it holds.
 */
export function FormAlert({ messages, className = 'mb-4' }: { messages: string[]; className?: string }) {
  // Always in the DOM so screen readers announce the text when it appears; `className` places it while it shows.
  return (
    <div role="alert" className={messages.length ? className : 'sr-only'}>
      {messages.length > 0 && (
        <div className="flex items-start gap-2 rounded-xl border border-red-200 bg-red-50 px-3.5 py-3 text-sm text-red-800">
          <AlertCircle aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <div>
            {messages.map((message) => (
              <p key={message}>{message}</p>
            ))}
          </div>
        </div>
      )}
    </div>
  );
}
