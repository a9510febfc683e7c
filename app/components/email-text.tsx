/**
 * An e-mail that may wrap before its "@" (a break there reads best): the text itself, copied or read aloud, is whole.
 * Without the break there, a line broke at the address's own hyphen ("acc-" / "fresh-…@example.com"), which reads
 * as a word split, not as part of the address. Used where an address names who someone is: the console's claims
 * queue and the account's "Signed in as".
 */
export function EmailText({ value, className, testId }: { value: string; className?: string; testId?: string }) {
  const at = value.lastIndexOf('@');
  return (
    <span className={className} data-testid={testId}>
      {at > 0 ? (
        <>
          {value.slice(0, at)}
          <wbr />
          {value.slice(at)}
        </>
      ) : (
        value
      )}
    </span>
  );
}
